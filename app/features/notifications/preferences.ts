/** The e-mail notification types of spec section 3, in the order the settings page lists them. */
export const emailTypes = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'weekly_updates',
  'reminders',
  'news',
  'promotions',
] as const
export type EmailType = (typeof emailTypes)[number]

export function isEmailType(v: unknown): v is EmailType {
  return typeof v === 'string' && (emailTypes as readonly string[]).includes(v)
}

/**
 * Until a member chooses, every type is on except the marketing ones (news, promotions), which need consent
 * under EU e-privacy rules (decision record 010).
 */
export const defaultEmailTypes: readonly EmailType[] = emailTypes.filter((t) => t !== 'news' && t !== 'promotions')

/** Why notifications were switched off for a member (users.notifications_disabled, spec section 4). */
export const disabledReasons = ['bounce', 'fbl', 'listunsubscribe'] as const
export type DisabledReason = (typeof disabledReasons)[number]

export interface NotificationSettings {
  emailTypes: EmailType[]
  pushEnabled: boolean
  /** Pushes without the message text or the sender's name. */
  pushDiscreet: boolean
}

/** A member's settings from their row (or its absence): what is not stored yet has its default. */
export function settingsFromRow(
  row: { emailTypes: string[] | null; pushEnabled: boolean | null; pushDiscreet: boolean | null } | undefined,
): NotificationSettings {
  return {
    emailTypes: row?.emailTypes ? row.emailTypes.filter(isEmailType) : [...defaultEmailTypes],
    pushEnabled: row?.pushEnabled ?? true,
    pushDiscreet: row?.pushDiscreet ?? false,
  }
}
