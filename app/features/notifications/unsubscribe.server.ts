import { isEmailType, type EmailType } from './preferences'
import { unsubscribeEmailType } from './preferences.server'
import { verifyLink } from '#app/lib/signed-links.server'

/** What an unsubscribe link stands for, or null when it is not one of ours. */
export function readUnsubscribeToken(token: string | null | undefined): { userId: number; type: EmailType } | null {
  const v = verifyLink('unsubscribe', token)
  return v && isEmailType(v.arg) ? { userId: v.userId, type: v.arg } : null
}

/** Turns off the e-mail type of the link (one click, no login: RFC 8058). Returns the type, or null. */
export async function unsubscribeByToken(token: string | null | undefined): Promise<EmailType | null> {
  const v = readUnsubscribeToken(token)
  if (!v) return null
  await unsubscribeEmailType(v.userId, v.type)
  return v.type
}
