import { eq, sql } from 'drizzle-orm'
import { db, type Tx } from '#db/client.server'
import { builtOnce } from '#db/built-once.server'
import { creditLedger, users, type LedgerReason } from '#db/schema/index'

export interface LedgerEntryInput {
  userId: number
  delta: number
  reason: LedgerReason
  /** What the entry is about (a payment id, a message id), shown to operators. */
  reference?: string | null
  /** Unique for the whole ledger: the same key is booked once, whoever retries. */
  key: string
  /**
   * A reversal (refund, chargeback, failed collection) takes back what it can: never below 0. The shortfall is
   * reported, and the caller flags the member.
   */
  clampAtZero?: boolean
}

export type LedgerResult =
  | { booked: true; entryId: number; balance: number; delta: number; shortfall: number }
  | { booked: false; reason: 'duplicate'; balance: number }
  | { booked: false; reason: 'insufficient'; balance: number }

export class InsufficientCreditsError extends Error {
  constructor(readonly balance: number) {
    super('insufficient credits')
  }
}

/**
 * Books one ledger entry and moves the cached balance on the user, inside the caller's transaction. The user row
 * is locked first, so entries of one member are serialised; the idempotency key then tells a replay from new work.
 * The database refuses a negative balance by itself (check constraints), this only gives a clean answer first.
 */
export async function bookCredits(tx: Tx, e: LedgerEntryInput): Promise<LedgerResult> {
  const [u] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, e.userId)).for('update')
  if (!u) throw new Error('no such user')
  const [dup] = await tx.select({ id: creditLedger.id }).from(creditLedger).where(eq(creditLedger.idempotencyKey, e.key))
  if (dup) return { booked: false, reason: 'duplicate', balance: u.credits }
  let delta = e.delta
  let shortfall = 0
  if (u.credits + delta < 0) {
    if (!e.clampAtZero) return { booked: false, reason: 'insufficient', balance: u.credits }
    shortfall = -(u.credits + delta)
    delta = -u.credits
  }
  const balance = u.credits + delta
  const [row] = await tx
    .insert(creditLedger)
    .values({ userId: e.userId, delta, balanceAfter: balance, reason: e.reason, reference: e.reference ?? null, idempotencyKey: e.key })
    .returning({ id: creditLedger.id })
  await tx.update(users).set({ credits: balance }).where(eq(users.id, e.userId))
  return { booked: true, entryId: row.id, balance, delta, shortfall }
}

/** The balance as the ledger tells it (the sum of its entries); the cached users.credits must always equal it. */
export async function ledgerBalance(userId: number): Promise<number> {
  const [r] = await db()
    .select({ sum: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
  return r.sum
}

// Built once (db/built-once.server.ts): it runs for every paid chat message.
const spendUnderLock = builtOnce<
  { userId: number; amount: number; reason: LedgerReason; reference: string | null; key: string },
  { entryId: number | null; moved: number | null; before: number | null }
>(
  ['userId', 'amount', 'reason', 'reference', 'key'],
  (p) => sql`
    with entry as (
      insert into ${creditLedger} (user_id, delta, balance_after, reason, reference, idempotency_key)
      select u.id, -${p.amount}::int, u.credits - ${p.amount}::int, ${p.reason}, ${p.reference}, ${p.key}
      from ${users} u where u.id = ${p.userId}::int and u.credits >= ${p.amount}::int
      on conflict (idempotency_key) do nothing
      returning id, balance_after
    ), moved as (
      update ${users} u set credits = entry.balance_after from entry where u.id = ${p.userId}::int returning u.credits
    )
    select (select id from entry)::int as "entryId", (select credits from moved)::int as "moved",
      (select credits from ${users} where id = ${p.userId}::int)::int as "before"`,
)

/**
 * A spend of `amount` credits in one statement (ledger entry and balance together), for a caller that already holds
 * the user's row lock in `tx` (SELECT ... FOR UPDATE) and has read the balance under it, as sendMessage does: the
 * lock serialises the member's entries, so this skips bookCredits' second lock and its separate duplicate check.
 * The idempotency key still decides: an entry already booked under it books nothing ('duplicate'); a balance short
 * of `amount` books nothing ('insufficient'). Never books without moving the balance, nor the other way round.
 */
export async function spendCreditsUnderLock(
  tx: Tx,
  e: { userId: number; amount: number; reason: LedgerReason; reference?: string | null; key: string },
): Promise<LedgerResult> {
  if (!(e.amount > 0)) throw new Error('spendCreditsUnderLock: the amount must be positive')
  const [row] = await spendUnderLock(tx, { userId: e.userId, amount: e.amount, reason: e.reason, reference: e.reference ?? null, key: e.key })
  if (row?.before === null || row?.before === undefined) throw new Error('no such user')
  if (row.entryId !== null && row.moved !== null) return { booked: true, entryId: row.entryId, balance: row.moved, delta: -e.amount, shortfall: 0 }
  return row.before < e.amount ? { booked: false, reason: 'insufficient', balance: row.before } : { booked: false, reason: 'duplicate', balance: row.before }
}
