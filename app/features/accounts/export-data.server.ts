import { and, asc, eq, gt, or, sql } from 'drizzle-orm'
import { keysetPages, streamedArray, streamedObject, type StreamedObject } from '#app/lib/json-stream'
import { db } from '#db/client.server'
import { blocks, conversations, creditLedger, likes, messages, profileImages, profileInterests, interests, profiles, sessions, users } from '#db/schema/index'

/** Rows per query: what the export holds in memory of any one list at a time. */
export const EXPORT_PAGE_ROWS = 500

/**
 * Everything the product holds about one member (GDPR right of access): account, profile, photos, messages of
 * their conversations, likes, blocks, credit history and sessions. Other members appear only by profile id.
 *
 * The lists are read page by page while the JSON is written (app/lib/json-stream.ts): a member with thousands of
 * conversations and 100,000 messages costs one query per page of rows, never one per conversation, and no more
 * memory than a page (issue 24, point 10). Null for an unknown account; `extra` entries replace those of the same key or come at the end.
 */
export async function accountDataDocument(userId: number, extra: [string, unknown][] = []): Promise<StreamedObject | null> {
  const [user] = await db()
    .select({
      email: users.email,
      status: users.status,
      credits: users.credits,
      paid_user: users.paidUser,
      language: users.language,
      signup_date: users.signupDate,
      confirmed_at: users.confirmedAt,
      notifications_disabled: users.notificationsDisabled,
      tracking: users.tracking,
    })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) return null
  const [profile] = await db().select().from(profiles).where(eq(profiles.userId, userId))
  const pid = profile?.id ?? -1
  const profileInterestRows = profile
    ? await db().select({ slug: interests.slug }).from(profileInterests).innerJoin(interests, eq(interests.id, profileInterests.interestId)).where(eq(profileInterests.profileId, pid))
    : []
  const entries: [string, unknown][] = [
    ['exported_at', new Date().toISOString()],
    ['account', user],
    ['profile', profile ? { ...profile, interests: profileInterestRows.map((i) => i.slug) } : null],
    [
      'photos',
      streamedArray(
        keysetPages(
          (after: number | null, limit) =>
            db()
              .select({ id: profileImages.id, status: profileImages.status, created_at: profileImages.createdAt, file: profileImages.filename })
              .from(profileImages)
              .where(and(eq(profileImages.profileId, pid), gt(profileImages.id, after ?? 0)))
              .orderBy(asc(profileImages.id))
              .limit(limit),
          (r) => r.id,
          EXPORT_PAGE_ROWS,
        ),
      ),
    ],
    ['conversations', streamedArray(conversationsOf(pid))],
    ['likes_given', streamedArray(likesOf(pid, 'given'))],
    ['likes_received', streamedArray(likesOf(pid, 'received'))],
    [
      'blocked_members',
      streamedArray(
        keysetPages(
          (after: number | null, limit) =>
            db()
              .select({ profile_id: blocks.blockedId, created_at: blocks.createdAt })
              .from(blocks)
              .where(and(eq(blocks.blockerId, pid), gt(blocks.blockedId, after ?? 0)))
              .orderBy(asc(blocks.blockedId))
              .limit(limit),
          (r) => r.profile_id,
          EXPORT_PAGE_ROWS,
        ),
      ),
    ],
    [
      'credit_history',
      streamedArray(
        without(
          'id',
          keysetPages(
            (after: number | null, limit) =>
              db()
                .select({ id: creditLedger.id, delta: creditLedger.delta, balance_after: creditLedger.balanceAfter, reason: creditLedger.reason, created_at: creditLedger.createdAt })
                .from(creditLedger)
                .where(and(eq(creditLedger.userId, userId), gt(creditLedger.id, after ?? 0)))
                .orderBy(asc(creditLedger.id))
                .limit(limit),
            (r) => r.id,
            EXPORT_PAGE_ROWS,
          ),
        ),
      ),
    ],
    ['payments', []],
    [
      'sessions',
      streamedArray(
        without(
          'id',
          keysetPages(
            (after: string | null, limit) =>
              db()
                .select({ id: sessions.id, created_at: sessions.createdAt, last_used_at: sessions.lastUsedAt, user_agent: sessions.userAgent })
                .from(sessions)
                .where(and(eq(sessions.userId, userId), after === null ? undefined : gt(sessions.id, after)))
                .orderBy(asc(sessions.id))
                .limit(limit),
            (r) => r.id,
            EXPORT_PAGE_ROWS,
          ),
        ),
      ),
    ],
  ]
  for (const [key, value] of extra) {
    const at = entries.findIndex(([k]) => k === key)
    if (at >= 0) entries[at] = [key, value]
    else entries.push([key, value])
  }
  return streamedObject(entries)
}

/** The rows without a key used only for paging (a session id is a credential; ledger ids mean nothing to the member). */
async function* without<K extends string, T extends Record<K, unknown>>(key: K, rows: AsyncIterable<T>): AsyncGenerator<Omit<T, K>> {
  for await (const row of rows) {
    const { [key]: _paging, ...rest } = row
    yield rest
  }
}

function likesOf(pid: number, side: 'given' | 'received') {
  const [mine, other] = side === 'given' ? [likes.likerId, likes.likedId] : [likes.likedId, likes.likerId]
  return without(
    'id',
    keysetPages(
      (after: number | null, limit) =>
        db()
          .select({ id: likes.id, profile_id: other, created_at: likes.createdAt })
          .from(likes)
          .where(and(eq(mine, pid), gt(likes.id, after ?? 0)))
          .orderBy(asc(likes.id))
          .limit(limit),
      (r) => r.id,
      EXPORT_PAGE_ROWS,
    ),
  )
}

/**
 * The member's conversations, each with its messages in order, from one query per page of rows over all
 * conversations at once (a conversation without messages is one row), grouped while they are written.
 */
async function* conversationsOf(pid: number): AsyncGenerator<StreamedObject> {
  const rows = keysetPages(
    (after: { c: number; m: number } | null, limit) =>
      db()
        .select({ c: conversations.id, low: conversations.profileLowId, high: conversations.profileHighId, m: sql<number>`coalesce(${messages.id}, 0)`.mapWith(Number), sender: messages.senderId, body: messages.body, created_at: messages.createdAt })
        .from(conversations)
        .leftJoin(messages, eq(messages.conversationId, conversations.id))
        .where(and(or(eq(conversations.profileLowId, pid), eq(conversations.profileHighId, pid)), after ? sql`(${conversations.id}, coalesce(${messages.id}, 0)) > (${after.c}, ${after.m})` : undefined))
        .orderBy(asc(conversations.id), sql`coalesce(${messages.id}, 0)`)
        .limit(limit),
    (r) => ({ c: r.c, m: r.m }),
    EXPORT_PAGE_ROWS,
  )[Symbol.asyncIterator]()
  let next = await rows.next()
  while (!next.done) {
    const first = next.value
    async function* messagesOfThis() {
      while (!next.done && next.value.c === first.c) {
        const r = next.value
        if (r.m !== 0) yield { from_me: r.sender === pid, body: r.body, created_at: r.created_at }
        next = await rows.next()
      }
    }
    const list = messagesOfThis()
    yield streamedObject([
      ['with_profile_id', first.low === pid ? first.high : first.low],
      ['messages', streamedArray(list)],
    ])
    // Whatever the writer did not read of this conversation is skipped before the next one starts.
    for await (const _skipped of list);
  }
}
