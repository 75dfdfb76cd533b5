import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../../tests/setup/test-db'
import { createMember } from '../../../../tests/setup/factories'
import { db } from '#db/client.server'
import { profiles } from '#db/schema/index'
import { listAudit } from '#app/features/console/operators/audit.server'
import { canMessage } from '#app/policies/visibility.server'
import { searchMembers } from '#app/features/search/search-members.server'
import { parseSearchQuery } from '#app/features/search/search.schema'
import { fictionalProfileSchema } from './fictional.schema'
import { createFictional, fictionalById, listFictional, setFictionalStatus, updateFictional } from './fictional-profiles.server'

useTestDatabase()

const admin = { id: 1, name: 'Ops', email: 'ops@ops.test', role: 'admin' as const }
const input = (over: Record<string, unknown> = {}) =>
  fictionalProfileSchema.parse({
    name: 'Lotte',
    gender: 'female',
    sexuality: 'hetero',
    birthDate: '1990-04-02',
    country: 'NL',
    region: 'Utrecht',
    aboutMe: 'Hello',
    reason: 'campaign',
    ...over,
  })

describe('fictional profiles in the console', () => {
  it('creates a listed profile without an account, marked fictional, and audits it', async () => {
    const id = await createFictional(input(), admin)
    const p = await fictionalById(id)
    expect(p).toMatchObject({ name: 'Lotte', userId: null, isFictional: true, status: 'active', region: 'Utrecht' })
    expect((await listFictional({ q: 'lot' })).rows.map((r) => r.id)).toEqual([id])
    const [line] = await listAudit()
    expect(line).toMatchObject({ action: 'fictional.create', targetType: 'profile', targetId: String(id), reason: 'campaign', operatorName: 'Ops' })
  })

  it('lists newest first, or in a whitelisted order with ties by id', async () => {
    const bea = await createFictional(input({ name: 'Bea', country: 'DE' }), admin)
    const ada = await createFictional(input({ name: 'Ada', country: 'NL' }), admin)
    const cleo = await createFictional(input({ name: 'Cleo', country: 'DE' }), admin)
    const ids = async (sort?: Parameters<typeof listFictional>[0]['sort']) => (await listFictional({ sort })).rows.map((r) => r.id)
    expect(await ids()).toEqual([cleo, ada, bea])
    expect(await ids({ key: 'name', dir: 'asc' })).toEqual([ada, bea, cleo])
    expect(await ids({ key: 'name', dir: 'desc' })).toEqual([cleo, bea, ada])
    expect(await ids({ key: 'country', dir: 'asc' })).toEqual([bea, cleo, ada])
    expect(await ids({ key: 'id', dir: 'asc' })).toEqual([bea, ada, cleo])
  })

  it('can never become a member profile or get an account: the database refuses it', async () => {
    const id = await createFictional(input(), admin)
    const m = await createMember()
    await expect(db().update(profiles).set({ isFictional: false }).where(eq(profiles.id, id))).rejects.toThrow()
    await expect(db().update(profiles).set({ isFictional: true }).where(eq(profiles.userId, m.userId))).rejects.toThrow()
  })

  it('cannot receive messages (and has no account to send any)', async () => {
    const id = await createFictional(input(), admin)
    const m = await createMember({ gender: 'male' })
    expect(await canMessage(m.profileId, id)).toMatchObject({ ok: false })
  })

  it('edits and hides: a hidden one is no longer found by search', async () => {
    const id = await createFictional(input(), admin)
    expect(await updateFictional(id, input({ name: 'Lotte B', reason: 'typo' }), admin)).toBe(true)
    expect((await fictionalById(id))?.name).toBe('Lotte B')
    expect(await setFictionalStatus(id, 'disabled', 'campaign ended', admin)).toBe(true)
    expect(await setFictionalStatus(id, 'disabled', 'again', admin)).toBe(false)
    const found = await searchMembers(null, parseSearchQuery(new URLSearchParams('gender=female&country=NL'), {}), 50)
    expect(found.profiles.map((p) => p.id)).not.toContain(id)
    expect((await listAudit()).map((a) => a.action).slice(0, 3)).toEqual(['fictional.disable', 'fictional.update', 'fictional.create'])
  })

  it('refuses members’ profiles as fictional targets', async () => {
    const m = await createMember()
    expect(await updateFictional(m.profileId, input(), admin)).toBe(false)
    expect(await setFictionalStatus(m.profileId, 'disabled', 'x', admin)).toBe(false)
    const [row] = await db()
      .select({ s: profiles.status })
      .from(profiles)
      .where(sql`id = ${m.profileId}`)
    expect(row.s).toBe('active')
  })

  it('validates: adults only, a reason, known values', () => {
    expect(fictionalProfileSchema.safeParse({ ...input(), birthDate: '2015-01-01' }).success).toBe(false)
    expect(fictionalProfileSchema.safeParse({ ...input(), reason: '' }).success).toBe(false)
    expect(fictionalProfileSchema.safeParse({ ...input(), gender: 'robot' }).success).toBe(false)
  })
})
