import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { clearSettingsCache, updateSetting } from '#app/features/settings/settings.server'
import { db } from '#db/client.server'
import { loginFailures } from '#db/schema/index'
import { login } from './login.server'

useTestDatabase()

beforeEach(async () => {
  await updateSetting('login_max_failures', 3)
  await updateSetting('login_ip_max_failures', 5)
  await updateSetting('login_block_minutes', 10)
})

let ipCounter = 0
function freshIp(): string {
  ipCounter += 1
  const r = crypto.getRandomValues(new Uint8Array(2))
  return `10.${r[0]}.${r[1]}.${ipCounter % 250}`
}

async function failureRow(key: string) {
  const [row] = await db().select().from(loginFailures).where(eq(loginFailures.key, key))
  return row ?? null
}

describe('login lockout per account', () => {
  it('blocks the account for login_block_minutes after login_max_failures wrong passwords, even for the right one', async () => {
    const m = await createMember({ email: 'lock@example.com', password: 'right-password' })
    const ip = freshIp()
    expect(await login('lock@example.com', 'wrong-1', ip)).toEqual({ ok: false, error: 'failed' })
    expect(await login('lock@example.com', 'wrong-2', ip)).toEqual({ ok: false, error: 'failed' })
    // The third failure causes the block and says so.
    expect(await login('lock@example.com', 'wrong-3', ip)).toEqual({ ok: false, error: 'blocked', minutes: 10 })
    // The right password is refused now, from any address, with the minutes left.
    expect(await login('lock@example.com', 'right-password', ip)).toEqual({ ok: false, error: 'blocked', minutes: 10 })
    expect(await login('LOCK@example.com', 'right-password', freshIp())).toEqual({ ok: false, error: 'blocked', minutes: 10 })

    const row = await failureRow(`account:${m.userId}`)
    expect(row?.blockedUntil).toBeInstanceOf(Date)
    const minutesLeft = (row!.blockedUntil!.getTime() - Date.now()) / 60_000
    expect(minutesLeft).toBeGreaterThan(9)
    expect(minutesLeft).toBeLessThanOrEqual(10.1)
  })

  it('reports the minutes still to wait, rounded up', async () => {
    const m = await createMember({ email: 'wait@example.com', password: 'right-password' })
    for (let i = 0; i < 3; i++) await login('wait@example.com', `wrong-${i}`, freshIp())
    await db()
      .update(loginFailures)
      .set({ blockedUntil: sql`now() + interval '150 seconds'` })
      .where(eq(loginFailures.key, `account:${m.userId}`))
    expect(await login('wait@example.com', 'right-password', freshIp())).toEqual({ ok: false, error: 'blocked', minutes: 3 })
  })

  it('lets the member in again once the block has passed', async () => {
    const m = await createMember({ email: 'later@example.com', password: 'right-password' })
    for (let i = 0; i < 3; i++) await login('later@example.com', `wrong-${i}`, freshIp())
    expect((await login('later@example.com', 'right-password', freshIp())).ok).toBe(false)
    await db()
      .update(loginFailures)
      .set({ blockedUntil: sql`now() - interval '1 second'` })
      .where(eq(loginFailures.key, `account:${m.userId}`))
    expect(await login('later@example.com', 'right-password', freshIp())).toEqual({ ok: true, userId: m.userId })
  })

  it('a success clears the account’s count', async () => {
    const m = await createMember({ email: 'clear@example.com', password: 'right-password' })
    const ip = freshIp()
    await login('clear@example.com', 'wrong-1', ip)
    await login('clear@example.com', 'wrong-2', ip)
    expect((await failureRow(`account:${m.userId}`))?.failures).toBe(2)
    expect(await login('clear@example.com', 'right-password', ip)).toEqual({ ok: true, userId: m.userId })
    expect(await failureRow(`account:${m.userId}`)).toBeNull()
    // Two more failures do not block: the count started again.
    expect(await login('clear@example.com', 'wrong-3', ip)).toEqual({ ok: false, error: 'failed' })
    expect(await login('clear@example.com', 'wrong-4', ip)).toEqual({ ok: false, error: 'failed' })
    expect(await login('clear@example.com', 'right-password', ip)).toEqual({ ok: true, userId: m.userId })
  })

  it('failures older than the window start a new count', async () => {
    const m = await createMember({ email: 'window@example.com', password: 'right-password' })
    await login('window@example.com', 'wrong-1', freshIp())
    await login('window@example.com', 'wrong-2', freshIp())
    await db()
      .update(loginFailures)
      .set({ windowStartedAt: sql`now() - interval '11 minutes'` })
      .where(eq(loginFailures.key, `account:${m.userId}`))
    expect(await login('window@example.com', 'wrong-3', freshIp())).toEqual({ ok: false, error: 'failed' })
    expect((await failureRow(`account:${m.userId}`))?.failures).toBe(1)
  })
})

describe('login lockout per address', () => {
  it('counts wrong passwords of different accounts (and unknown addresses) from one IP', async () => {
    const ip = freshIp()
    const accounts = await Promise.all([1, 2, 3, 4].map((i) => createMember({ email: `ip${i}@example.com`, password: 'right-password' })))
    const victim = await createMember({ email: 'ip-ok@example.com', password: 'right-password' })
    for (let i = 1; i <= 4; i++) expect(await login(`ip${i}@example.com`, 'wrong', ip)).toEqual({ ok: false, error: 'failed' })
    // The fifth failure from the address (here an unknown e-mail) blocks the address.
    expect(await login('nobody@example.com', 'wrong', ip)).toEqual({ ok: false, error: 'blocked', minutes: 10 })
    expect((await failureRow(`ip:${ip}`))?.blockedUntil).toBeInstanceOf(Date)
    // No single account reached its own limit...
    for (const a of accounts) expect((await failureRow(`account:${a.userId}`))?.failures).toBe(1)
    // ...but nobody logs in from that address now, while another address works.
    expect(await login('ip-ok@example.com', 'right-password', ip)).toEqual({ ok: false, error: 'blocked', minutes: 10 })
    expect(await login('ip-ok@example.com', 'right-password', freshIp())).toEqual({ ok: true, userId: victim.userId })
  })

  it('a success does not clear the address’s count', async () => {
    const ip = freshIp()
    const m = await createMember({ email: 'ipkeep@example.com', password: 'right-password' })
    for (let i = 0; i < 2; i++) await login('ipkeep@example.com', 'wrong', ip)
    await login('ipkeep@example.com', 'right-password', ip)
    expect((await failureRow(`ip:${ip}`))?.failures).toBe(2)
    expect(await failureRow(`account:${m.userId}`)).toBeNull()
  })
})

describe('accounts pending deletion', () => {
  it('are named only to someone who knows the password', async () => {
    await createMember({ email: 'leaving@example.com', password: 'right-password', status: 'pending_deletion' })
    expect(await login('leaving@example.com', 'right-password', freshIp())).toEqual({ ok: false, error: 'pending_deletion' })
    expect(await login('leaving@example.com', 'wrong', freshIp())).toEqual({ ok: false, error: 'failed' })
  })
})

describe('shared state', () => {
  it('lives in the login_failures table, so every server process sees the same block', async () => {
    const m = await createMember({ email: 'shared@example.com', password: 'right-password' })
    const ip = freshIp()
    for (let i = 0; i < 3; i++) await login('shared@example.com', `wrong-${i}`, ip)
    const keys = (await db().select({ key: loginFailures.key }).from(loginFailures)).map((r) => r.key).sort()
    expect(keys).toEqual([`account:${m.userId}`, `ip:${ip}`].sort())

    // A block written by "another process" (straight into the table) is honoured here...
    const other = await createMember({ email: 'other@example.com', password: 'right-password' })
    await db()
      .insert(loginFailures)
      .values({ key: `account:${other.userId}`, failures: 0, blockedUntil: sql`now() + interval '4 minutes'` })
    clearSettingsCache()
    expect(await login('other@example.com', 'right-password', freshIp())).toEqual({ ok: false, error: 'blocked', minutes: 4 })
    // ...and lifting it there lifts it here: nothing is kept in this process's memory.
    await db().delete(loginFailures)
    expect(await login('shared@example.com', 'right-password', ip)).toEqual({ ok: true, userId: m.userId })
    expect(await login('other@example.com', 'right-password', ip)).toEqual({ ok: true, userId: other.userId })
  })
})

describe('a stranger cannot lock the member out (issue 24, point 13)', () => {
  it('wrong passwords from other addresses do not block the member at an address they logged in from', async () => {
    const m = await createMember({ email: 'home@example.com', password: 'right-password' })
    const home = freshIp()
    expect(await login('home@example.com', 'right-password', home)).toEqual({ ok: true, userId: m.userId })
    // A stranger types wrong passwords from twenty other addresses: the account is blocked for them...
    const results = []
    for (let i = 0; i < 20; i++) results.push(await login('home@example.com', `guess-${i}`, freshIp()))
    expect(results.at(-1)).toEqual({ ok: false, error: 'blocked', minutes: 10 })
    // ...and the member still logs in from home.
    expect(await login('home@example.com', 'right-password', home)).toEqual({ ok: true, userId: m.userId })
  })

  it('guessing from many addresses stays bounded: at most login_max_failures passwords are checked per block', async () => {
    const m = await createMember({ email: 'spread@example.com', password: 'right-password' })
    await login('spread@example.com', 'right-password', freshIp())
    const results = []
    for (let i = 0; i < 30; i++) results.push(await login('spread@example.com', `guess-${i}`, freshIp()))
    // Three checked and refused ('failed', the third blocks), the other 27 refused unchecked.
    expect(results.filter((r) => !r.ok && r.error === 'failed')).toHaveLength(2)
    expect(results.filter((r) => !r.ok && r.error === 'blocked')).toHaveLength(28)
    // Even the right password from a new address is refused while the block lasts.
    expect(await login('spread@example.com', 'right-password', freshIp())).toEqual({ ok: false, error: 'blocked', minutes: 10 })
    expect((await failureRow(`account:${m.userId}`))?.blockedUntil).toBeInstanceOf(Date)
  })

  it('the member logging in at home does not lift the block elsewhere (no fresh guesses for the stranger)', async () => {
    const m = await createMember({ email: 'nolift@example.com', password: 'right-password' })
    const home = freshIp()
    await login('nolift@example.com', 'right-password', home)
    for (let i = 0; i < 3; i++) await login('nolift@example.com', `guess-${i}`, freshIp())
    expect(await login('nolift@example.com', 'right-password', home)).toEqual({ ok: true, userId: m.userId })
    expect(await login('nolift@example.com', 'guess-x', freshIp())).toEqual({ ok: false, error: 'blocked', minutes: 10 })
  })

  it('at a known address wrong passwords are still limited, for that address only', async () => {
    const m = await createMember({ email: 'typo@example.com', password: 'right-password' })
    const home = freshIp()
    const office = freshIp()
    await login('typo@example.com', 'right-password', home)
    await login('typo@example.com', 'right-password', office)
    expect(await login('typo@example.com', 'wrong-1', home)).toEqual({ ok: false, error: 'failed' })
    expect(await login('typo@example.com', 'wrong-2', home)).toEqual({ ok: false, error: 'failed' })
    expect(await login('typo@example.com', 'wrong-3', home)).toEqual({ ok: false, error: 'blocked', minutes: 10 })
    expect(await login('typo@example.com', 'right-password', home)).toEqual({ ok: false, error: 'blocked', minutes: 10 })
    expect((await failureRow(`account:${m.userId}@${home}`))?.blockedUntil).toBeInstanceOf(Date)
    // The office, and the count over unknown addresses, are untouched.
    expect(await login('typo@example.com', 'right-password', office)).toEqual({ ok: true, userId: m.userId })
    expect(await failureRow(`account:${m.userId}`)).toBeNull()
  })
})
