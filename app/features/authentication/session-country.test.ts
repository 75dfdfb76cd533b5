import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { db } from '#db/client.server'
import { sessions } from '#db/schema/index'
import { streamAccountExport } from '#app/features/accounts/export-data.server'
import { startSession } from './session-cookie.server'
import { listSessions } from './sessions.server'

useTestDatabase()

const LINUX_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

describe("a session's country (issue 27: devices named like “Chrome on Linux, Netherlands”)", () => {
  it('keeps the country of the login address, never the address, and lists it with the device', async () => {
    const m = await createMember()
    await startSession(m.userId, null, { userAgent: LINUX_CHROME, ip: '145.97.0.1' })
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, m.userId))
    expect(row.country).toBe('NL')
    expect(JSON.stringify(row)).not.toContain('145.97')
    expect(await listSessions(m.userId, null)).toMatchObject([{ device: { browser: 'Chrome', os: 'Linux' }, country: 'NL' }])
  })

  it('has no country for a private or unknown address', async () => {
    const m = await createMember()
    await startSession(m.userId, null, { userAgent: LINUX_CHROME, ip: '10.1.2.3' })
    await startSession(m.userId, null, { userAgent: LINUX_CHROME, ip: null })
    expect((await listSessions(m.userId, null)).map((s) => s.country)).toEqual([null, null])
  })

  it("is part of the member's data export", async () => {
    const m = await createMember()
    await startSession(m.userId, null, { userAgent: LINUX_CHROME, ip: '217.0.0.1' })
    let text = ''
    for await (const chunk of (await streamAccountExport(m.userId))!) text += chunk
    const data = JSON.parse(text) as { sessions: { country: string | null }[] }
    expect(data.sessions.map((s) => s.country)).toEqual(['DE'])
  })
})
