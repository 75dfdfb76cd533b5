import crypto from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { accountTokens, type TokenPurpose } from '#db/schema/index'

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

export const tokenLifetimes: Record<TokenPurpose, number> = {
  activation: 7 * 24 * 3600_000,
  password_reset: 2 * 3600_000,
  email_change: 24 * 3600_000,
  reactivation: 14 * 24 * 3600_000,
  // The notice to the old address after an e-mail change: it may undo the change for 14 days.
  email_revert: 14 * 24 * 3600_000,
}

/** A new single-use token for an e-mail link; only its hash is stored. */
export async function issueToken(userId: number, purpose: TokenPurpose, newEmail?: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url')
  await db()
    .insert(accountTokens)
    .values({ userId, purpose, tokenHash: hashOf(token), newEmail: newEmail ?? null, expiresAt: new Date(Date.now() + tokenLifetimes[purpose]) })
  return token
}

/** Uses a token once: returns its user (and new e-mail) if it was valid, unused and unexpired. */
export async function consumeToken(token: string | null | undefined, purpose: TokenPurpose): Promise<{ userId: number; newEmail: string | null } | null> {
  if (!token || token.length > 100) return null
  const [row] = await db()
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, hashOf(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountTokens.userId, newEmail: accountTokens.newEmail })
  return row ?? null
}

/** Checks a token without using it (to show the form behind a link). */
export async function peekToken(token: string | null | undefined, purpose: TokenPurpose): Promise<boolean> {
  if (!token || token.length > 100) return false
  const [row] = await db()
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashOf(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
  return !!row
}

/** How many tokens of a kind were issued to a user in the last 24 hours (limits on e-mails). */
export async function tokensIssuedToday(userId: number, purpose: TokenPurpose): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), gt(accountTokens.createdAt, sql`now() - interval '1 day'`)))
  return Number(row?.n ?? 0)
}
