import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { db } from '#db/client.server'
import { sessions, users } from '#db/schema/index'
import { sessionSecret } from '#app/lib/secrets.server'
import { purposeKeyOf } from '#app/lib/keys.server'
import { verifyLogin } from './login.server'
import { createSession, destroyExpiredSessions, destroySession, userIdForSession } from './sessions.server'

useTestDatabase()

describe('sessions', () => {
  it('creates a session whose token resolves to the user, until destroyed', async () => {
    const m = await createMember()
    const token = await createSession(m.userId, 'Mozilla/5.0 test')
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    expect(await userIdForSession(token)).toBe(m.userId)
    await destroySession(token)
    expect(await userIdForSession(token)).toBeNull()
    expect(await db().select({ id: sessions.id }).from(sessions)).toHaveLength(0)
  })

  it('gives every login its own token and destroys only the one asked for', async () => {
    const m = await createMember()
    const a = await createSession(m.userId)
    const b = await createSession(m.userId)
    expect(a).not.toBe(b)
    await destroySession(a)
    expect(await userIdForSession(a)).toBeNull()
    expect(await userIdForSession(b)).toBe(m.userId)
  })

  it('rejects unknown, empty and over-long tokens', async () => {
    const m = await createMember()
    const token = await createSession(m.userId)
    expect(await userIdForSession(token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'))).toBeNull()
    expect(await userIdForSession('')).toBeNull()
    expect(await userIdForSession(null)).toBeNull()
    expect(await userIdForSession(undefined)).toBeNull()
    expect(await userIdForSession('x'.repeat(101))).toBeNull()
  })

  it('does not accept an expired session, and the cleanup removes it', async () => {
    const m = await createMember()
    const expired = await createSession(m.userId)
    const live = await createSession(m.userId)
    const expiredId = crypto.createHmac('sha256', purposeKeyOf('session', sessionSecret())).update(expired).digest('hex')
    await db()
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, expiredId))
    expect(await userIdForSession(expired)).toBeNull()
    expect(await userIdForSession(live)).toBe(m.userId)
    await destroyExpiredSessions()
    const left = await db().select({ id: sessions.id }).from(sessions)
    expect(left.map((r) => r.id)).not.toContain(expiredId)
    expect(left).toHaveLength(1)
  })

  it('stores an HMAC of the token, never the token itself', async () => {
    const m = await createMember()
    const token = await createSession(m.userId, 'x'.repeat(300))
    const [row] = await db().select().from(sessions)
    expect(row.id).not.toBe(token)
    expect(row.id).not.toContain(token)
    expect(row.id).toMatch(/^[0-9a-f]{64}$/)
    // Keyed by the session key derived from the secret (app/lib/keys.server.ts), not by the secret itself.
    expect(row.id).toBe(crypto.createHmac('sha256', purposeKeyOf('session', sessionSecret())).update(token).digest('hex'))
    expect(row.id).not.toBe(crypto.createHmac('sha256', sessionSecret()).update(token).digest('hex'))
    // A plain hash of the token is not the stored id either: the secret is part of it.
    expect(row.id).not.toBe(crypto.createHash('sha256').update(token).digest('hex'))
    // The row itself is no way in: presenting the stored id as a cookie fails.
    expect(await userIdForSession(row.id)).toBeNull()
    expect(row.userAgent).toHaveLength(200)
    const days = (row.expiresAt.getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)
  })

  it('touches last_used_at only when it is older than ten minutes', async () => {
    const m = await createMember()
    const token = await createSession(m.userId)
    const old = new Date(Date.now() - 11 * 60_000)
    await db().update(sessions).set({ lastUsedAt: old })
    expect(await userIdForSession(token)).toBe(m.userId)
    const [touched] = await db().select({ lastUsedAt: sessions.lastUsedAt }).from(sessions)
    expect(touched.lastUsedAt.getTime()).toBeGreaterThan(old.getTime() + 60_000)
    const recent = new Date(Date.now() - 60_000)
    await db().update(sessions).set({ lastUsedAt: recent })
    await userIdForSession(token)
    const [untouched] = await db().select({ lastUsedAt: sessions.lastUsedAt }).from(sessions)
    expect(untouched.lastUsedAt.getTime()).toBe(recent.getTime())
  })

  it('ends with the user: deleting the account removes its sessions', async () => {
    const m = await createMember()
    const token = await createSession(m.userId)
    await db().delete(users).where(eq(users.id, m.userId))
    expect(await userIdForSession(token)).toBeNull()
  })
})

describe('verifyLogin', () => {
  it('accepts the right password, case-insensitively on the e-mail, and records last_seen_at', async () => {
    const m = await createMember({ email: 'Login.Me@Example.com', password: 'right-password' })
    expect(await verifyLogin('login.me@example.com', 'right-password')).toEqual({ userId: m.userId })
    expect(await verifyLogin('LOGIN.ME@EXAMPLE.COM', 'right-password')).toEqual({ userId: m.userId })
    const [u] = await db().select({ lastSeenAt: users.lastSeenAt }).from(users).where(eq(users.id, m.userId))
    expect(u.lastSeenAt).toBeInstanceOf(Date)
  })

  it('refuses a wrong password and leaves last_seen_at alone', async () => {
    const m = await createMember({ email: 'wrong@example.com', password: 'right-password' })
    expect(await verifyLogin('wrong@example.com', 'wrong-password')).toBeNull()
    expect(await verifyLogin('wrong@example.com', '')).toBeNull()
    const [u] = await db().select({ lastSeenAt: users.lastSeenAt }).from(users).where(eq(users.id, m.userId))
    expect(u.lastSeenAt).toBeNull()
  })

  it('refuses an unknown e-mail', async () => {
    await createMember({ email: 'known@example.com', password: 'right-password' })
    expect(await verifyLogin('unknown@example.com', 'right-password')).toBeNull()
  })

  it('refuses accounts pending deletion or deleted, even with the right password', async () => {
    await createMember({ email: 'pending@example.com', password: 'right-password', status: 'pending_deletion' })
    const deleted = await createMember({ email: 'deleted@example.com', password: 'right-password' })
    await db().update(users).set({ status: 'deleted' }).where(eq(users.id, deleted.userId))
    expect(await verifyLogin('pending@example.com', 'right-password')).toBeNull()
    expect(await verifyLogin('deleted@example.com', 'right-password')).toBeNull()
  })

  it('lets an unconfirmed account log in', async () => {
    const m = await createMember({ email: 'new@example.com', password: 'right-password', status: 'not_confirmed' })
    expect(await verifyLogin('new@example.com', 'right-password')).toEqual({ userId: m.userId })
  })
})
