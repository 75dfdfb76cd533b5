import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { db } from '#db/client.server'
import { sessions } from '#db/schema/index'
import { defaultSettings } from '#app/features/settings/defaults'
import { editableSettings, schemaFor, settingSections } from '#app/features/console/site-admin/setting-fields'
import { updateSetting } from '#app/features/settings/settings.server'
import { endSessionWithPassword } from './end-session.server'
import { createSession, destroyExpiredSessions, listSessions, sessionIdOf, userIdForSession } from './sessions.server'
import { viewerForSession } from './viewer.server'

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0'
const CHROME_ON_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

useTestDatabase()

const daysAgo = (days: number) => sql`now() - make_interval(mins => ${Math.round(days * 1440)}::int)`
async function lastUsed(token: string, days: number) {
  await db()
    .update(sessions)
    .set({ lastUsedAt: daysAgo(days) })
    .where(eq(sessions.id, sessionIdOf(token)!))
}
const stored = async () => (await db().select({ id: sessions.id }).from(sessions)).map((r) => r.id)

describe('idle sessions', () => {
  it("defaults to 14 days, and the console edits it within 1 to 30 days (the sessions' own lifetime)", () => {
    expect(defaultSettings.session_idle_days).toBe(14)
    expect(editableSettings.session_idle_days).toEqual({ kind: 'int', min: 1, max: 30 })
    expect(settingSections.find((s) => s.id === 'sessions')?.keys).toEqual(['session_idle_days'])
    expect(schemaFor('session_idle_days').safeParse('7')).toMatchObject({ success: true, data: 7 })
    for (const wrong of ['0', '31', 'x', '']) expect(schemaFor('session_idle_days').safeParse(wrong).success).toBe(false)
  })

  it('refuses a session unused for longer than session_idle_days and deletes it, on every read', async () => {
    const m = await createMember()
    const idle = await createSession(m.userId)
    const socket = await createSession(m.userId)
    const live = await createSession(m.userId)
    await lastUsed(idle, 14.1)
    await lastUsed(socket, 15)
    await lastUsed(live, 13.9)
    // The attack: a session token stolen long ago, from a device nobody uses, still opens the account.
    expect(await viewerForSession(idle)).toBeNull()
    expect(await userIdForSession(socket)).toBeNull()
    expect(await stored()).toEqual([sessionIdOf(live)])
    expect((await viewerForSession(live))?.userId).toBe(m.userId)
  })

  it('a session in use stays: a read touches it (at most every 10 minutes), and the idle time starts again', async () => {
    const m = await createMember()
    const token = await createSession(m.userId)
    await lastUsed(token, 13.9)
    expect(await userIdForSession(token)).toBe(m.userId)
    const [row] = await db().select({ lastUsedAt: sessions.lastUsedAt }).from(sessions)
    expect(Date.now() - row.lastUsedAt.getTime()).toBeLessThan(60_000)
    // Read again within 10 minutes: no write, and still alive.
    expect(await userIdForSession(token)).toBe(m.userId)
  })

  it('follows the setting', async () => {
    const m = await createMember()
    const token = await createSession(m.userId)
    await lastUsed(token, 3.5)
    await updateSetting('session_idle_days', 3)
    expect(await userIdForSession(token)).toBeNull()
    expect(await stored()).toEqual([])
  })

  it('leaves idle sessions out of the list and the cleanup removes them', async () => {
    const m = await createMember()
    const idle = await createSession(m.userId, IPHONE)
    const live = await createSession(m.userId, FIREFOX_ON_WINDOWS)
    await lastUsed(idle, 20)
    const list = await listSessions(m.userId, live)
    expect(list.map((s) => s.device)).toEqual([{ browser: 'Firefox', os: 'Windows' }])
    await destroyExpiredSessions()
    expect(await stored()).toEqual([sessionIdOf(live)])
  })
})

describe('ending one session', () => {
  const password = 'right-password-1'

  it('needs the current password, and ends only that session of that member', async () => {
    const m = await createMember({ password })
    const other = await createMember()
    const mine = await createSession(m.userId, FIREFOX_ON_WINDOWS)
    const stolen = await createSession(m.userId, CHROME_ON_ANDROID)
    const third = await createSession(m.userId, IPHONE)
    const othersSession = await createSession(other.userId)
    const handle = (await listSessions(m.userId, mine)).find((s) => s.device.os === 'Android')!.id

    // Whoever holds a session without the password cannot end the owner's sessions.
    expect(await endSessionWithPassword(m.userId, handle, 'wrong-password', mine)).toBe('wrong_password')
    expect(await endSessionWithPassword(m.userId, handle, '', mine)).toBe('wrong_password')
    expect(await userIdForSession(stolen)).toBe(m.userId)

    expect(await endSessionWithPassword(m.userId, handle, password, mine)).toBe('ended')
    expect(await userIdForSession(stolen)).toBeNull()
    expect(await userIdForSession(mine)).toBe(m.userId)
    expect(await userIdForSession(third)).toBe(m.userId)
    expect(await userIdForSession(othersSession)).toBe(other.userId)
  })

  it("cannot end another member's session, even with the handle", async () => {
    const m = await createMember({ password })
    const other = await createMember()
    const othersSession = await createSession(other.userId)
    const handle = (await listSessions(other.userId, othersSession))[0].id
    expect(await endSessionWithPassword(m.userId, handle, password, null)).toBe('not_found')
    expect(await endSessionWithPassword(m.userId, '%', password, null)).toBe('not_found')
    expect(await userIdForSession(othersSession)).toBe(other.userId)
  })

  it('ending the current session says so (the page then logs out)', async () => {
    const m = await createMember({ password })
    const mine = await createSession(m.userId)
    const handle = (await listSessions(m.userId, mine)).find((s) => s.current)!.id
    expect(await endSessionWithPassword(m.userId, handle, password, mine)).toBe('ended_current')
    expect(await userIdForSession(mine)).toBeNull()
  })
})
