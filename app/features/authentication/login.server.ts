import { db } from '#db/client.server'
import { accountRestrictions, users } from '#db/schema/index'
import { eq, sql } from 'drizzle-orm'
import { consume } from '#app/adapters/rate-limit/rate-limit.server'
import { accountLimiters } from './ip-limits.server'
import { challengeUser, issueChallenge } from './login-challenge.server'
import { admitAttempt, clearFailures, memberLockoutKeys, releaseAdmission, settleFailure } from './login-lockout.server'
import { hasSecondFactor, verifySecondFactor } from './member-second-factor.server'
import { hashPassword, verifyPassword } from './passwords.server'
import { clientKey, securityLog } from '#app/lib/security-log.server'

// Verified against when the address is unknown, so a wrong e-mail and a wrong password take the same time.
let dummyHash: Promise<string> | undefined

export async function verifyLogin(email: string, password: string): Promise<{ userId: number } | null> {
  const [user] = await db()
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  if (!user) {
    dummyHash ??= hashPassword('not-a-real-password')
    await verifyPassword(await dummyHash, password)
    return null
  }
  const ok = await verifyPassword(user.passwordHash, password)
  if (!ok || user.status === 'deleted' || user.status === 'pending_deletion') return null
  await db()
    .update(users)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(users.id, user.id))
  return { userId: user.id }
}

/** A suspension still running or a ban of the member, or null (decided in the console, issue 13). */
export async function activeRestriction(userId: number): Promise<{ kind: 'suspended' | 'banned'; until: Date | null } | null> {
  const [r] = await db()
    .select({ kind: accountRestrictions.kind, until: accountRestrictions.until })
    .from(accountRestrictions)
    .where(sql`${accountRestrictions.userId} = ${userId} and (${accountRestrictions.kind} = 'banned' or ${accountRestrictions.until} > now())`)
  return r ?? null
}

export type LoginResult =
  | { ok: true; userId: number }
  | { ok: false; error: 'failed' }
  | { ok: false; error: 'blocked'; minutes: number }
  | { ok: false; error: 'pending_deletion' }
  | { ok: false; error: 'suspended'; until: string }
  | { ok: false; error: 'banned' }
  | { ok: false; error: 'second_factor_required'; challenge: string }
  | { ok: false; error: 'code_wrong' }

/**
 * A login attempt with the lockout of spec section 4: too many wrong passwords block the account and the address
 * for some minutes ('Too many incorrect attempts, account blocked for {minutes} min.'). An account pending
 * deletion is named only to someone who knows its password.
 */
export async function login(email: string, password: string, ip: string): Promise<LoginResult> {
  const [user] = await db()
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  const admission = await admitAttempt(await memberLockoutKeys(user?.id ?? null, ip))
  if (admission.wait > 0) {
    securityLog('login.locked', { userId: user?.id ?? null, client: clientKey(ip) })
    return { ok: false, error: 'blocked', minutes: admission.wait }
  }
  const ok = await verifyLogin(email, password)
  if (ok) {
    const secondFactor = await hasSecondFactor(ok.userId)
    // With a second factor the failures stay until the code is right: a guesser who knows the password must not
    // reset the count of wrong codes with it. The right password only gives back the attempt it took.
    if (secondFactor) await releaseAdmission(admission)
    else await clearFailures(ok.userId, ip)
    const refusal = await restrictionRefusal(ok.userId)
    if (refusal) return refusal
    if (secondFactor) {
      securityLog('login.second_factor_asked', { userId: ok.userId })
      return { ok: false, error: 'second_factor_required', challenge: issueChallenge(ok.userId) }
    }
    securityLog('login.succeeded', { userId: ok.userId })
    return { ok: true, userId: ok.userId }
  }
  if (user?.status === 'pending_deletion' && (await verifyPassword(user.passwordHash, password))) {
    await clearFailures(user.id, ip)
    securityLog('login.refused', { userId: user.id, reason: 'pending_deletion' })
    return { ok: false, error: 'pending_deletion' }
  }
  const minutes = await settleFailure(admission)
  // An unknown address is logged without any id: the address typed is personal data, and not logged.
  securityLog(minutes > 0 ? 'login.locked' : 'login.failed', { userId: user?.id ?? null, client: clientKey(ip) })
  return minutes > 0 ? { ok: false, error: 'blocked', minutes } : { ok: false, error: 'failed' }
}

// A moderator's suspension or ban (app/features/console/moderation) is named only to someone who knows the password.
async function restrictionRefusal(userId: number): Promise<LoginResult | null> {
  const restriction = await activeRestriction(userId)
  if (restriction?.kind === 'banned') {
    securityLog('login.refused', { userId, reason: 'banned' })
    return { ok: false, error: 'banned' }
  }
  if (restriction?.until) {
    securityLog('login.refused', { userId, reason: 'suspended' })
    return { ok: false, error: 'suspended', until: restriction.until.toISOString() }
  }
  return null
}

/**
 * The second step of a login with a second factor: the challenge of the first step and a code (or a recovery
 * code). Wrong codes count towards the same lockout as wrong passwords.
 */
export async function loginSecondStep(challenge: string, code: string, ip: string): Promise<LoginResult> {
  const userId = challengeUser(challenge)
  if (!userId) return { ok: false, error: 'failed' }
  const admission = await admitAttempt(await memberLockoutKeys(userId, ip))
  if (admission.wait > 0) {
    securityLog('login.locked', { userId, client: clientKey(ip) })
    return { ok: false, error: 'blocked', minutes: admission.wait }
  }
  if (await verifySecondFactor(userId, code)) {
    await clearFailures(userId, ip)
    const refusal = await restrictionRefusal(userId)
    if (refusal) return refusal
    securityLog('login.succeeded', { userId })
    return { ok: true, userId }
  }
  const minutes = await settleFailure(admission)
  securityLog(minutes > 0 ? 'login.locked' : 'login.second_factor_failed', { userId, client: clientKey(ip) })
  return minutes > 0 ? { ok: false, error: 'blocked', minutes } : { ok: false, error: 'code_wrong' }
}

export type LoginAttempt = LoginResult | { ok: false; error: 'rate_limited'; retryAfterS: number }
/** The reasons a login is refused; their texts and HTTP statuses: app/lib/refusals.ts (vocabulary 'login'). */
export type LoginRefusal = Extract<LoginAttempt, { ok: false }>['error']

/**
 * The whole login sequence, whichever way it comes (the form, the JSON API): the per-address rate limit, then
 * the lockout and the password (login above); with a second factor, the code in a second call with the challenge
 * of the first (or at once, when the first call carries it).
 */
export async function attemptLogin(input: { email?: string; password?: string; challenge?: string; code?: string; clientIp: string }): Promise<LoginAttempt> {
  const wait = await consume((await accountLimiters()).loginIp, input.clientIp)
  if (wait > 0) return { ok: false, error: 'rate_limited', retryAfterS: wait }
  if (input.challenge) return loginSecondStep(input.challenge, input.code ?? '', input.clientIp)
  const first = await login(input.email ?? '', input.password ?? '', input.clientIp)
  if (!first.ok && first.error === 'second_factor_required' && input.code) return loginSecondStep(first.challenge, input.code, input.clientIp)
  return first
}
