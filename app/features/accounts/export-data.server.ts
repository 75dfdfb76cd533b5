import { and, asc, eq, gt, or, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { conversationVisibleTo } from '#app/policies/visibility.server'
import { db } from '#db/client.server'
import {
  accountRestrictions,
  accountTokens,
  blocks,
  complaints,
  conversationMembers,
  conversations,
  creditLedger,
  directDebitMandates,
  discountCodes,
  discountRedemptions,
  interests,
  likes,
  loginKnownAddresses,
  messages,
  moderationDecisions,
  notificationLog,
  notificationSettings,
  payments,
  profileImages,
  profileInterests,
  profileNotes,
  profiles,
  memberNotes,
  pushSubscriptions,
  refundRequests,
  reports,
  sessions,
  skips,
  spendLimits,
  users,
} from '#db/schema/index'

/**
 * Everything the product holds about one member (GDPR right of access), as a JSON file written a section and a page
 * at a time: a member with 100,000 messages is read and written in pages of EXPORT_PAGE rows, never held whole.
 * Other members appear only by profile id; the partner's messages only as the member may see them in the chat
 * (delivered, and only while the conversation is open to them: canSeeConversation's rule). Secrets (password and
 * token hashes, push keys, full IBANs) are left out or masked. Each section names the tables it reads: the schema
 * test (export-coverage.test.ts) fails when a table holding member data is neither read here nor listed in
 * EXPORT_EXEMPT with its reason.
 */

export const EXPORT_PAGE = 500

interface Member {
  userId: number
  profileId: number
  email: string
}

/** One key of the file: a single value, or a list read page by page through a cursor. */
type Section =
  | { key: string; tables: readonly PgTable[]; value: (m: Member) => Promise<unknown> }
  | { key: string; tables: readonly PgTable[]; page: (m: Member, after: Cursor | null) => Promise<{ rows: unknown[]; next: Cursor | null }> }
type Cursor = readonly number[]

/** A list read EXPORT_PAGE rows at a time, in the order of a unique numeric key (keyset paging: no OFFSET). */
function keyset<R extends Record<string, unknown>>(
  read: (m: Member, after: number, limit: number) => Promise<R[]>,
  cursorOf: (r: R) => number,
  present: (r: R) => unknown = (r) => r,
) {
  return async (m: Member, after: Cursor | null) => {
    const rows = await read(m, after?.[0] ?? 0, EXPORT_PAGE)
    return { rows: rows.map(present), next: rows.length === EXPORT_PAGE ? [cursorOf(rows[rows.length - 1])] : null }
  }
}

/** The other side of a conversation, for the member. */
const partnerOf = (profileId: number) =>
  sql<number>`case when ${conversations.profileLowId} = ${profileId} then ${conversations.profileHighId} else ${conversations.profileLowId} end`
const inConversation = (profileId: number) => or(eq(conversations.profileLowId, profileId), eq(conversations.profileHighId, profileId))!

/** "+31612345678" → "+31 … 78": enough for the member to recognise their number, useless to anyone else. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '')
  return digits.length <= 4 ? '…' : `${digits.slice(0, 3)} … ${digits.slice(-2)}`
}

/** The origin of a push endpoint only: the full address is a capability to push to the member's device. */
function endpointOrigin(endpoint: string): string {
  try {
    return new URL(endpoint).origin
  } catch {
    return ''
  }
}

const sections: Section[] = [
  {
    key: 'account',
    tables: [users],
    value: async (m) => {
      const [u] = await db()
        .select({
          email: users.email,
          status: users.status,
          credits: users.credits,
          paid_user: users.paidUser,
          language: users.language,
          color_mode: users.colorMode,
          time_zone: users.timeZone,
          signup_date: users.signupDate,
          confirmed_at: users.confirmedAt,
          deletion_requested_at: users.deletionRequestedAt,
          last_seen_at: users.lastSeenAt,
          free_messages_used: users.freeMessagesUsed,
          last_chat_profile_id: users.lastChatProfileId,
          last_chat_at: users.lastChatAt,
          tracking: users.tracking,
          two_factor_enabled_at: users.totpEnabledAt,
        })
        .from(users)
        .where(eq(users.id, m.userId))
      return u
    },
  },
  {
    key: 'profile',
    tables: [profiles, profileInterests, profileNotes],
    value: async (m) => {
      const [p] = await db().select().from(profiles).where(eq(profiles.id, m.profileId))
      if (!p) return null
      const rows = await db()
        .select({ slug: interests.slug })
        .from(profileInterests)
        .innerJoin(interests, eq(interests.id, profileInterests.interestId))
        .where(eq(profileInterests.profileId, m.profileId))
      const [note] = await db().select({ note: profileNotes.note }).from(profileNotes).where(eq(profileNotes.profileId, m.profileId))
      return { ...p, interests: rows.map((i) => i.slug), note: note?.note ?? null }
    },
  },
  {
    key: 'photos',
    tables: [profileImages],
    page: keyset(
      (m, after, limit) =>
        db()
          .select({
            id: profileImages.id,
            status: profileImages.status,
            position: profileImages.position,
            created_at: profileImages.createdAt,
            file: profileImages.filename,
          })
          .from(profileImages)
          .where(and(eq(profileImages.profileId, m.profileId), gt(profileImages.id, after)))
          .orderBy(asc(profileImages.id))
          .limit(limit),
      (r) => r.id,
      (r) => ({ ...r, url: `/photo/${r.id}/full` }),
    ),
  },
  {
    key: 'conversations',
    tables: [conversations, conversationMembers],
    page: keyset(
      (m, after, limit) =>
        db()
          .select({
            id: conversations.id,
            with_profile_id: partnerOf(m.profileId),
            started_by_me: sql<boolean>`${conversations.startedBy} = ${m.profileId}`,
            created_at: conversations.createdAt,
            last_message_at: conversations.lastMessageAt,
            hidden: conversationMembers.hidden,
            unread_count: conversationMembers.unreadCount,
            last_read_at: conversationMembers.lastReadAt,
          })
          .from(conversations)
          .leftJoin(conversationMembers, and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.profileId, m.profileId)))
          .where(and(inConversation(m.profileId), gt(conversations.id, after)))
          .orderBy(asc(conversations.id))
          .limit(limit),
      (r) => r.id,
    ),
  },
  {
    // Conversation by conversation, in the order of the (conversation_id, id) index: each page is one index range.
    key: 'messages',
    tables: [messages],
    page: async (m, after) => {
      const [c, id] = after ?? [0, 0]
      const rows = await db()
        .select({
          id: messages.id,
          conversation: messages.conversationId,
          with_profile_id: partnerOf(m.profileId),
          from_me: sql<boolean>`${messages.senderId} = ${m.profileId}`,
          kind: messages.kind,
          body: messages.body,
          gift: messages.gift,
          photo: messages.photo,
          credits: messages.credits,
          created_at: messages.createdAt,
        })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(
          and(
            inConversation(m.profileId),
            sql`(${messages.conversationId}, ${messages.id}) > (${c}, ${id})`,
            // The member's own messages always; the partner's as the chat shows them: delivered (an unconfirmed
            // sender's are held back), and only while the partner has not blocked them nor been banned.
            or(eq(messages.senderId, m.profileId), and(eq(messages.delivered, true), conversationVisibleTo(m.profileId, partnerOf(m.profileId)))),
          ),
        )
        .orderBy(asc(messages.conversationId), asc(messages.id))
        .limit(EXPORT_PAGE)
      const last = rows[rows.length - 1]
      return {
        rows: rows.map(({ photo, ...r }) => ({ ...r, photo: photo ? `/chats/${r.conversation}/photos/${r.id}` : null })),
        next: rows.length === EXPORT_PAGE ? [last.conversation, Number(last.id)] : null,
      }
    },
  },
  {
    key: 'likes_given',
    tables: [likes],
    page: keyset(
      (m, after, limit) =>
        db()
          .select({ id: likes.id, profile_id: likes.likedId, source: likes.source, created_at: likes.createdAt })
          .from(likes)
          .where(and(eq(likes.likerId, m.profileId), gt(likes.id, after)))
          .orderBy(asc(likes.id))
          .limit(limit),
      (r) => r.id,
    ),
  },
  {
    key: 'likes_received',
    tables: [likes],
    page: keyset(
      (m, after, limit) =>
        db()
          .select({ id: likes.id, profile_id: likes.likerId, created_at: likes.createdAt })
          .from(likes)
          .where(and(eq(likes.likedId, m.profileId), gt(likes.id, after)))
          .orderBy(asc(likes.id))
          .limit(limit),
      (r) => r.id,
    ),
  },
  {
    key: 'skipped_members',
    tables: [skips],
    page: keyset(
      (m, after, limit) =>
        db()
          .select({ profile_id: skips.skippedId, created_at: skips.createdAt })
          .from(skips)
          .where(and(eq(skips.skipperId, m.profileId), gt(skips.skippedId, after)))
          .orderBy(asc(skips.skippedId))
          .limit(limit),
      (r) => r.profile_id,
    ),
  },
  {
    key: 'blocked_members',
    tables: [blocks],
    page: keyset(
      (m, after, limit) =>
        db()
          .select({ profile_id: blocks.blockedId, created_at: blocks.createdAt })
          .from(blocks)
          .where(and(eq(blocks.blockerId, m.profileId), gt(blocks.blockedId, after)))
          .orderBy(asc(blocks.blockedId))
          .limit(limit),
      (r) => r.profile_id,
    ),
  },
  {
    // What the member reported; reports about them are the reporters' (their outcome is in moderation_decisions).
    key: 'reports',
    tables: [reports],
    page: keyset(
      (m, after, limit) =>
        db()
          .select({
            id: reports.id,
            profile_id: reports.targetId,
            image_id: reports.imageId,
            message_id: reports.messageId,
            reason: reports.reason,
            details: reports.details,
            status: reports.status,
            created_at: reports.createdAt,
            handled_at: reports.handledAt,
          })
          .from(reports)
          .where(and(eq(reports.reporterId, m.profileId), gt(reports.id, after)))
          .orderBy(asc(reports.id))
          .limit(limit),
      (r) => r.id,
    ),
  },
  {
    key: 'complaints',
    tables: [complaints],
    page: keyset(
      (m, after, limit) =>
        db()
          .select({
            id: complaints.id,
            reference: complaints.reference,
            category: complaints.category,
            subject: complaints.subject,
            description: complaints.description,
            email: complaints.email,
            status: complaints.status,
            outcome: complaints.outcome,
            created_at: complaints.createdAt,
            handled_at: complaints.handledAt,
          })
          .from(complaints)
          .where(and(or(eq(complaints.reporterProfileId, m.profileId), sql`lower(${complaints.email}) = lower(${m.email})`), gt(complaints.id, after)))
          .orderBy(asc(complaints.id))
          .limit(limit),
      (r) => r.id,
    ),
  },
  {
    // Decisions about the member and their appeals. The operator's internal note and name stay out: they are the
    // operator's, and the decision's reason is the member's explanation.
    key: 'moderation_decisions',
    tables: [moderationDecisions],
    page: keyset(
      (m, after, limit) =>
        db()
          .select({
            id: moderationDecisions.id,
            content_type: moderationDecisions.contentType,
            action: moderationDecisions.action,
            reason: moderationDecisions.reason,
            suspended_until: moderationDecisions.suspendedUntil,
            automated: moderationDecisions.automated,
            appeal_of: moderationDecisions.appealOf,
            appeal_text: moderationDecisions.appealText,
            appealed_at: moderationDecisions.appealedAt,
            appeal_handled_at: moderationDecisions.appealHandledAt,
            created_at: moderationDecisions.createdAt,
          })
          .from(moderationDecisions)
          .where(and(or(eq(moderationDecisions.userId, m.userId), eq(moderationDecisions.profileId, m.profileId)), gt(moderationDecisions.id, after)))
          .orderBy(asc(moderationDecisions.id))
          .limit(limit),
      (r) => r.id,
    ),
  },
  {
    key: 'account_restriction',
    tables: [accountRestrictions],
    value: async (m) => {
      const [r] = await db()
        .select({ kind: accountRestrictions.kind, until: accountRestrictions.until, created_at: accountRestrictions.createdAt })
        .from(accountRestrictions)
        .where(eq(accountRestrictions.userId, m.userId))
      return r ?? null
    },
  },
  {
    key: 'credit_history',
    tables: [creditLedger],
    page: keyset(
      (m, after, limit) =>
        db()
          .select({
            id: creditLedger.id,
            delta: creditLedger.delta,
            balance_after: creditLedger.balanceAfter,
            reason: creditLedger.reason,
            created_at: creditLedger.createdAt,
          })
          .from(creditLedger)
          .where(and(eq(creditLedger.userId, m.userId), gt(creditLedger.id, after)))
          .orderBy(asc(creditLedger.id))
          .limit(limit),
      (r) => r.id,
    ),
  },
  {
    // The provider's references and checkout addresses are the site's, not the member's.
    key: 'payments',
    tables: [payments],
    page: keyset(
      (m, after, limit) =>
        db()
          .select({
            id: payments.id,
            bundle: payments.bundleId,
            credits: payments.credits,
            country: payments.country,
            currency: payments.currency,
            method: payments.method,
            list_price_minor: payments.listPriceMinor,
            discount_minor: payments.discountMinor,
            fee_minor: payments.feeMinor,
            total_minor: payments.totalMinor,
            vat_minor: payments.vatMinor,
            status: payments.status,
            refunded_minor: payments.refundedMinor,
            charged_back_minor: payments.chargedBackMinor,
            collection_failed: payments.collectionFailed,
            stored_card: payments.storedCard,
            mandate_id: payments.mandateId,
            created_at: payments.createdAt,
            paid_at: payments.paidAt,
          })
          .from(payments)
          .where(and(eq(payments.userId, m.userId), gt(payments.id, after)))
          .orderBy(asc(payments.id))
          .limit(limit),
      (r) => r.id,
    ),
  },
  {
    // The private notes the member wrote about other members (issue 28): theirs; notes others wrote about them are
    // their authors' and are not shown to them.
    key: 'private_notes',
    tables: [memberNotes],
    value: (m) =>
      db()
        .select({ about_profile_id: memberNotes.subjectId, note: memberNotes.note, updated_at: memberNotes.updatedAt })
        .from(memberNotes)
        .where(eq(memberNotes.authorId, m.profileId))
        .orderBy(asc(memberNotes.subjectId)),
  },
  {
    // The member's refund requests with support's answer (issue 28); which operator answered is the site's.
    key: 'refund_requests',
    tables: [refundRequests],
    page: keyset(
      (m, after, limit) =>
        db()
          .select({
            id: refundRequests.id,
            payment_id: refundRequests.paymentId,
            reason: refundRequests.reason,
            status: refundRequests.status,
            answer: refundRequests.answer,
            created_at: refundRequests.createdAt,
            decided_at: refundRequests.decidedAt,
          })
          .from(refundRequests)
          .where(and(eq(refundRequests.userId, m.userId), gt(refundRequests.id, after)))
          .orderBy(asc(refundRequests.id))
          .limit(limit),
      (r) => r.id,
    ),
  },
  {
    // Masked: the IBAN by its last four digits, the phone by its country code and last two; no hashes, no codes.
    key: 'direct_debit_mandates',
    tables: [directDebitMandates],
    page: keyset(
      (m, after, limit) =>
        db()
          .select({
            id: directDebitMandates.id,
            account_holder: directDebitMandates.accountHolder,
            iban_last4: directDebitMandates.ibanLast4,
            street: directDebitMandates.street,
            house_number: directDebitMandates.houseNumber,
            zip: directDebitMandates.zip,
            city: directDebitMandates.city,
            phone: directDebitMandates.phone,
            status: directDebitMandates.status,
            created_at: directDebitMandates.createdAt,
            confirmed_at: directDebitMandates.confirmedAt,
          })
          .from(directDebitMandates)
          .where(and(eq(directDebitMandates.userId, m.userId), gt(directDebitMandates.id, after)))
          .orderBy(asc(directDebitMandates.id))
          .limit(limit),
      (r) => r.id,
      ({ iban_last4, phone, ...r }) => ({ ...r, iban: `…${iban_last4}`, phone: phone ? maskPhone(phone) : null }),
    ),
  },
  {
    key: 'discount_codes',
    tables: [discountCodes],
    page: keyset(
      (m, after, limit) =>
        db()
          .select({
            id: discountCodes.id,
            code: discountCodes.code,
            kind: discountCodes.kind,
            percentage: discountCodes.percentage,
            expires_at: discountCodes.expiresAt,
            status: discountCodes.status,
            created_at: discountCodes.createdAt,
          })
          .from(discountCodes)
          .where(and(eq(discountCodes.userId, m.userId), gt(discountCodes.id, after)))
          .orderBy(asc(discountCodes.id))
          .limit(limit),
      (r) => r.id,
    ),
  },
  {
    key: 'discount_redemptions',
    tables: [discountRedemptions],
    page: keyset(
      (m, after, limit) =>
        db()
          .select({
            id: discountRedemptions.id,
            code: discountCodes.code,
            payment_id: discountRedemptions.paymentId,
            status: discountRedemptions.status,
            created_at: discountRedemptions.createdAt,
          })
          .from(discountRedemptions)
          .innerJoin(discountCodes, eq(discountCodes.id, discountRedemptions.codeId))
          .where(and(eq(discountRedemptions.userId, m.userId), gt(discountRedemptions.id, after)))
          .orderBy(asc(discountRedemptions.id))
          .limit(limit),
      (r) => r.id,
    ),
  },
  {
    key: 'spend_limit',
    tables: [spendLimits],
    value: async (m) => {
      const [r] = await db()
        .select({ monthly_limit_minor: spendLimits.monthlyLimitMinor, currency: spendLimits.currency, updated_at: spendLimits.updatedAt })
        .from(spendLimits)
        .where(eq(spendLimits.userId, m.userId))
      return r ?? null
    },
  },
  {
    // What the member agreed to receive: e-mail types, push, discreet push, and the mails they turned off.
    key: 'consents',
    tables: [notificationSettings],
    value: async (m) => {
      const [s] = await db()
        .select({
          email_types: notificationSettings.emailTypes,
          push_enabled: notificationSettings.pushEnabled,
          push_discreet: notificationSettings.pushDiscreet,
          updated_at: notificationSettings.updatedAt,
        })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, m.userId))
      const [u] = await db().select({ notifications_disabled: users.notificationsDisabled }).from(users).where(eq(users.id, m.userId))
      return { notifications: s ?? null, notifications_disabled: u?.notifications_disabled ?? [] }
    },
  },
  {
    key: 'push_subscriptions',
    tables: [pushSubscriptions],
    page: keyset(
      (m, after, limit) =>
        db()
          .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, created_at: pushSubscriptions.createdAt })
          .from(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, m.userId), gt(pushSubscriptions.id, after)))
          .orderBy(asc(pushSubscriptions.id))
          .limit(limit),
      (r) => r.id,
      ({ endpoint, ...r }) => ({ ...r, push_service: endpointOrigin(endpoint) }),
    ),
  },
  {
    key: 'login_addresses',
    tables: [loginKnownAddresses],
    // The addresses the member fully logged in from in the last 90 days (others' wrong passwords do not lock them).
    value: async (m) =>
      db()
        .select({ address: loginKnownAddresses.address, last_login_at: loginKnownAddresses.lastSuccessAt })
        .from(loginKnownAddresses)
        .where(eq(loginKnownAddresses.subject, `account:${m.userId}`))
        .orderBy(asc(loginKnownAddresses.lastSuccessAt)),
  },
  {
    key: 'notifications_sent',
    tables: [notificationLog],
    page: keyset(
      (m, after, limit) =>
        db()
          .select({ id: notificationLog.id, channel: notificationLog.channel, type: notificationLog.type, sent_at: notificationLog.sentAt })
          .from(notificationLog)
          .where(and(eq(notificationLog.userId, m.userId), gt(notificationLog.id, after)))
          .orderBy(asc(notificationLog.id))
          .limit(limit),
      (r) => r.id,
    ),
  },
  {
    key: 'sessions',
    tables: [sessions],
    value: (m) =>
      db()
        .select({
          created_at: sessions.createdAt,
          last_used_at: sessions.lastUsedAt,
          expires_at: sessions.expiresAt,
          user_agent: sessions.userAgent,
          country: sessions.country,
        })
        .from(sessions)
        .where(eq(sessions.userId, m.userId))
        .orderBy(asc(sessions.createdAt)),
  },
  {
    // Links mailed to the member (activation, reset, e-mail change with its new address); never the token.
    key: 'account_links',
    tables: [accountTokens],
    page: keyset(
      (m, after, limit) =>
        db()
          .select({
            id: accountTokens.id,
            purpose: accountTokens.purpose,
            new_email: accountTokens.newEmail,
            created_at: accountTokens.createdAt,
            expires_at: accountTokens.expiresAt,
            used_at: accountTokens.usedAt,
          })
          .from(accountTokens)
          .where(and(eq(accountTokens.userId, m.userId), gt(accountTokens.id, after)))
          .orderBy(asc(accountTokens.id))
          .limit(limit),
      (r) => r.id,
    ),
  },
]

/**
 * Tables with member data that the export leaves out on purpose, each with its reason (export-coverage.test.ts).
 */
export const EXPORT_EXEMPT: Record<string, string> = {
  member_recovery_codes:
    'one-time recovery codes, stored only as argon2id hashes: nothing readable (whether the second factor is on is account.two_factor_enabled_at)',
  operators: 'operators are staff, not members (their e-mail is their own work address)',
  member_flags: 'fraud prevention (direct-debit abuse), shown to support: exempt from access under GDPR art. 23(1)(d); the payments they concern are exported',
  outbox_emails: 'mail kept only when no SMTP server is configured (demo, development) for the dev viewer; it is what the member was sent, not data about them',
  outbox_sms: 'SMS kept only when no SMS provider is configured (demo, development); the codes in it are one-time and expired',
}

/** The tables the export reads, by name (for the coverage test). */
export function exportedTables(): PgTable[] {
  return sections.flatMap((s) => s.tables)
}

/**
 * The export as a stream of JSON text: null for an unknown account. Each list is read EXPORT_PAGE rows at a time
 * and written as it is read, so memory stays at one page whatever the member holds.
 */
export async function streamAccountExport(userId: number): Promise<AsyncGenerator<string> | null> {
  const [row] = await db()
    .select({ email: users.email, profileId: profiles.id })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
  if (!row) return null
  const member: Member = { userId, email: row.email, profileId: row.profileId ?? -1 }
  return write(member)
}

async function* write(m: Member): AsyncGenerator<string> {
  yield `{\n  "exported_at": ${JSON.stringify(new Date().toISOString())}`
  for (const s of sections) {
    if ('value' in s) {
      yield `,\n  ${JSON.stringify(s.key)}: ${JSON.stringify((await s.value(m)) ?? null)}`
      continue
    }
    yield `,\n  ${JSON.stringify(s.key)}: [`
    let cursor: Cursor | null = null
    let first = true
    do {
      const { rows, next }: { rows: unknown[]; next: Cursor | null } = await s.page(m, cursor)
      if (rows.length) {
        yield rows.map((r, i) => `${first && i === 0 ? '' : ','}\n    ${JSON.stringify(r)}`).join('')
        first = false
      }
      cursor = next
    } while (cursor)
    yield first ? ']' : '\n  ]'
  }
  yield '\n}\n'
}

/** The stream as a web ReadableStream of UTF-8 bytes, for a Response. */
export function exportBody(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await chunks.next()
      if (done) controller.close()
      else controller.enqueue(encoder.encode(value))
    },
    async cancel() {
      await chunks.return(undefined)
    },
  })
}
