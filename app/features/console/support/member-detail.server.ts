import { aliasedTable, desc, eq, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { creditLedger, loginFailures, memberFlags, profiles, reports, users } from '#db/schema/index'
import { tokensIssuedToday } from '#app/features/accounts/tokens.server'
import { accountKeysLike } from '#app/features/authentication/login-lockout.server'
import { listSessions } from '#app/features/authentication/sessions.server'
import { listTransactions } from '#app/features/billing/transactions.server'
import { DIRECT_DEBIT_BLOCKING_FLAGS, isDirectDebitBlocked } from '#app/features/billing/direct-debit-risk.server'
import { getSettings } from '#app/features/settings/settings.server'

const LIST_LIMIT = 50

/**
 * What support needs to see about one member (issue 13, section 3): account and profile status, money, lockout,
 * sessions, ledger, payments, the flags payments raised (issue 24) and reports. Never the member's messages; reports show their category and the other
 * profile, not the reporter's words (those belong to the moderation queue).
 */
export async function memberDetail(userId: number) {
  const [u] = await db()
    .select({
      id: users.id,
      email: users.email,
      status: users.status,
      credits: users.credits,
      paidUser: users.paidUser,
      language: users.language,
      signupDate: users.signupDate,
      confirmedAt: users.confirmedAt,
      deletionRequestedAt: users.deletionRequestedAt,
      lastSeenAt: users.lastSeenAt,
      profileId: profiles.id,
      name: profiles.name,
      profileStatus: profiles.status,
      country: profiles.country,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
  if (!u) return null
  const settings = await getSettings()
  const [[lockout], sessions, ledger, payments, activationsToday, reportsMade, reportsAbout, flags, directDebitBlocked] = await Promise.all([
    // Over all addresses first, then at each address: the block that lasts longest is the one support sees.
    db()
      .select({ failures: loginFailures.failures, blockedUntil: loginFailures.blockedUntil })
      .from(loginFailures)
      .where(accountKeysLike(`account:${userId}`))
      .orderBy(sql`${loginFailures.blockedUntil} desc nulls last`, desc(loginFailures.failures))
      .limit(1),
    listSessions(userId, null),
    db()
      .select({
        id: creditLedger.id,
        delta: creditLedger.delta,
        balanceAfter: creditLedger.balanceAfter,
        reason: creditLedger.reason,
        reference: creditLedger.reference,
        createdAt: creditLedger.createdAt,
      })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
      .orderBy(desc(creditLedger.id))
      .limit(LIST_LIMIT),
    listTransactions(userId, LIST_LIMIT),
    u.status === 'not_confirmed' ? tokensIssuedToday(userId, 'activation') : Promise.resolve(0),
    u.profileId ? reportsOf(u.profileId, 'made') : Promise.resolve([]),
    u.profileId ? reportsOf(u.profileId, 'about') : Promise.resolve([]),
    db()
      .select({
        id: memberFlags.id,
        reason: memberFlags.reason,
        reference: memberFlags.reference,
        createdAt: memberFlags.createdAt,
        resolvedAt: memberFlags.resolvedAt,
      })
      .from(memberFlags)
      .where(eq(memberFlags.userId, userId))
      .orderBy(desc(memberFlags.id))
      .limit(LIST_LIMIT),
    isDirectDebitBlocked(db(), { userId }),
  ])
  const now = Date.now()
  const blockedUntil = lockout?.blockedUntil && lockout.blockedUntil.getTime() > now ? lockout.blockedUntil.toISOString() : null
  return {
    account: {
      ...u,
      signupDate: u.signupDate.toISOString(),
      confirmedAt: u.confirmedAt?.toISOString() ?? null,
      deletionRequestedAt: u.deletionRequestedAt?.toISOString() ?? null,
      lastSeenAt: u.lastSeenAt?.toISOString() ?? null,
    },
    activation: { pending: u.status === 'not_confirmed', sentToday: activationsToday, maxPerDay: settings.max_activation_emails_per_day },
    lockout: { failures: lockout?.failures ?? 0, blockedUntil },
    sessions: sessions.map(({ current: _, ...s }) => s),
    ledger: ledger.map((l) => ({ ...l, createdAt: l.createdAt.toISOString() })),
    payments: payments.map((p) => ({
      ...p,
      refundable: p.status === 'paid' && p.totalMinor - p.refundedMinor - p.chargedBackMinor > 0 && !!p.refundUntil && new Date(p.refundUntil).getTime() > now,
    })),
    refundDays: settings.refund_days,
    // A failed collection or a chargeback: what support must know before talking money with the member, and
    // whether it closed direct debit to them (billing/direct-debit-risk.server.ts).
    flags: flags.map((f) => ({
      ...f,
      createdAt: f.createdAt.toISOString(),
      resolvedAt: f.resolvedAt?.toISOString() ?? null,
      closesDirectDebit: (DIRECT_DEBIT_BLOCKING_FLAGS as readonly string[]).includes(f.reason) && !f.resolvedAt,
    })),
    directDebitBlocked,
    reportsMade,
    reportsAbout,
  }
}

export type MemberDetail = NonNullable<Awaited<ReturnType<typeof memberDetail>>>

const other = aliasedTable(profiles, 'other')

async function reportsOf(profileId: number, side: 'made' | 'about') {
  const mine = side === 'made' ? reports.reporterId : reports.targetId
  const theirs = side === 'made' ? reports.targetId : reports.reporterId
  const rows = await db()
    .select({
      id: reports.id,
      reason: reports.reason,
      imageId: reports.imageId,
      messageId: reports.messageId,
      createdAt: reports.createdAt,
      otherProfileId: other.id,
      otherName: other.name,
      otherUserId: other.userId,
    })
    .from(reports)
    .innerJoin(other, eq(other.id, theirs))
    .where(eq(mine, profileId))
    .orderBy(desc(reports.id))
    .limit(LIST_LIMIT)
  return rows.map((r) => ({
    id: r.id,
    reason: r.reason,
    subject: r.messageId ? 'message' : r.imageId ? 'photo' : 'profile',
    createdAt: r.createdAt.toISOString(),
    otherProfileId: r.otherProfileId,
    otherName: r.otherName,
    otherUserId: r.otherUserId,
  }))
}
