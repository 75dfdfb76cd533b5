import { asc, eq, or } from 'drizzle-orm'
import { db } from '#db/client.server'
import { blocks, conversations, creditLedger, likes, messages, profileImages, profileInterests, interests, profiles, sessions, users } from '#db/schema/index'

/**
 * Everything the product holds about one member (GDPR right of access): account, profile, photos, messages of
 * their conversations, likes, blocks, credit history and sessions. Other members appear only by profile id.
 */
export async function exportAccountData(userId: number) {
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
  const [photos, profileInterestRows, convs, likesGiven, likesReceived, blocked, ledger, sessionRows] = await Promise.all([
    db().select({ id: profileImages.id, status: profileImages.status, created_at: profileImages.createdAt, file: profileImages.filename }).from(profileImages).where(eq(profileImages.profileId, pid)),
    db().select({ slug: interests.slug }).from(profileInterests).innerJoin(interests, eq(interests.id, profileInterests.interestId)).where(eq(profileInterests.profileId, pid)),
    db().select({ id: conversations.id, low: conversations.profileLowId, high: conversations.profileHighId }).from(conversations).where(or(eq(conversations.profileLowId, pid), eq(conversations.profileHighId, pid))),
    db().select({ profile_id: likes.likedId, created_at: likes.createdAt }).from(likes).where(eq(likes.likerId, pid)),
    db().select({ profile_id: likes.likerId, created_at: likes.createdAt }).from(likes).where(eq(likes.likedId, pid)),
    db().select({ profile_id: blocks.blockedId, created_at: blocks.createdAt }).from(blocks).where(eq(blocks.blockerId, pid)),
    db().select({ delta: creditLedger.delta, balance_after: creditLedger.balanceAfter, reason: creditLedger.reason, created_at: creditLedger.createdAt }).from(creditLedger).where(eq(creditLedger.userId, userId)),
    db().select({ created_at: sessions.createdAt, last_used_at: sessions.lastUsedAt, user_agent: sessions.userAgent }).from(sessions).where(eq(sessions.userId, userId)),
  ])
  const conversationsOut = []
  for (const c of convs) {
    const msgs = await db()
      .select({ from_me: messages.senderId, body: messages.body, created_at: messages.createdAt })
      .from(messages)
      .where(eq(messages.conversationId, c.id))
      .orderBy(asc(messages.id))
    conversationsOut.push({ with_profile_id: c.low === pid ? c.high : c.low, messages: msgs.map((m) => ({ ...m, from_me: m.from_me === pid })) })
  }
  return {
    exported_at: new Date().toISOString(),
    account: user,
    profile: profile ? { ...profile, interests: profileInterestRows.map((i) => i.slug) } : null,
    photos,
    conversations: conversationsOut,
    likes_given: likesGiven,
    likes_received: likesReceived,
    blocked_members: blocked,
    credit_history: ledger,
    payments: [],
    sessions: sessionRows,
  }
}
