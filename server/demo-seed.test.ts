import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { currentTotp } from '../tests/setup/totp'
import { describe, expect, it } from 'vitest'
import { verifyLogin } from '#app/features/authentication/login.server'
import { disablePublishedDemoOperators, existingDemoOperators, seedDemoOperators } from '#app/features/console/operators/demo-operators.server'
import { checkPassword, checkSecondFactor, createOperator } from '#app/features/console/operators/operator-accounts.server'
import { encryptSecret } from '#app/features/authentication/totp.server'
import { PUBLISHED_ADMIN } from '../tests/setup/console-login'
import { createMember } from '../tests/setup/factories'
import { useTestDatabase } from '../tests/setup/test-db'
import { db } from '#db/client.server'
import { operators, profiles, users } from '#db/schema/index'
import { readDemoLogins } from '#db/seed/demo-logins.server'
import { existingDemoAccounts, isDatabaseEmpty, seedDemo } from '#db/seed/demo.server'

useTestDatabase()
const freshDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'demo-seed-'))
const profileCount = async () =>
  Number(
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(profiles)
    )[0].n,
  )

describe('the demo seed (decision record 025)', () => {
  it('a database is empty while it has no member and no operator; fictional profiles do not count', async () => {
    expect(await isDatabaseEmpty()).toBe(true)
    await db()
      .insert(profiles)
      .values({ name: 'Fictional', gender: 'female', sexuality: 'hetero', birthDate: '1990-01-01', country: 'NL', status: 'active', isFictional: true })
    expect(await isDatabaseEmpty()).toBe(true)
    await createOperator({ email: 'ops@example.com', name: 'Ops', role: 'admin', password: 'a-long-operator-password' })
    expect(await isDatabaseEmpty()).toBe(false)
  })

  it('a member alone makes it not empty', async () => {
    await createMember()
    expect(await isDatabaseEmpty()).toBe(false)
  })

  it('makes random logins per install, keeps them in DATA_DIR, and they open the demo accounts', async () => {
    const dataDir = freshDataDir()
    await seedDemo({ dataDir, profiles: 10, avatars: false })
    await seedDemoOperators(dataDir)
    const logins = readDemoLogins(dataDir)
    expect(logins.members.map((m) => m.email)).toEqual(['anna@demo.local', 'ben@demo.local'])
    expect(logins.operators.map((o) => `${o.role}: ${o.email}`)).toEqual([
      'admin: admin@demo.local',
      'moderator: moderator@demo.local',
      'moderator: moderator2@demo.local',
      'support: support@demo.local',
    ])
    for (const m of logins.members) expect(await verifyLogin(m.email, m.password)).not.toBeNull()
    const admin = logins.operators[0]
    const step = await checkPassword(admin.email, admin.password)
    expect(step.kind).toBe('ok')
    if (step.kind !== 'ok') return
    expect((await checkSecondFactor(step.operator.id, await currentTotp(admin.totpSecret))).kind).toBe('ok')
    // What the start banner prints.
    expect(await existingDemoAccounts(dataDir)).toEqual(logins.members)
    expect(await existingDemoOperators(dataDir)).toEqual(logins.operators)

    // Another install gets other logins.
    await db().execute(sql`truncate users, operators, profiles restart identity cascade`)
    const other = freshDataDir()
    await seedDemo({ dataDir: other, profiles: 10, avatars: false })
    await seedDemoOperators(other)
    const otherLogins = readDemoLogins(other)
    expect(otherLogins.members[0].password).not.toBe(logins.members[0].password)
    expect(otherLogins.operators[0].password).not.toBe(admin.password)
    expect(otherLogins.operators[0].totpSecret).not.toBe(admin.totpSecret)
  })

  it('seeding again (SEED_DEMO=1 on every start) keeps the logins and adds no second batch of profiles', async () => {
    const dataDir = freshDataDir()
    await seedDemo({ dataDir, profiles: 10, avatars: false })
    await seedDemoOperators(dataDir)
    const first = readDemoLogins(dataDir)
    const count = await profileCount()
    expect((await seedDemo({ dataDir, profiles: 10, avatars: false })).profileCount).toBe(0)
    await seedDemoOperators(dataDir)
    expect(readDemoLogins(dataDir)).toEqual(first)
    expect(await profileCount()).toBe(count)
    const admin = first.operators[0]
    expect((await checkPassword(admin.email, admin.password)).kind).toBe('ok')
  })

  it('prints only logins whose accounts exist, and never resets an account whose login it does not know', async () => {
    const dataDir = freshDataDir()
    await seedDemo({ dataDir, profiles: 0, avatars: false })
    await seedDemoOperators(dataDir)
    const logins = readDemoLogins(dataDir)
    await db().delete(users).where(eq(users.email, 'ben@demo.local'))
    expect((await existingDemoAccounts(dataDir)).map((m) => m.email)).toEqual(['anna@demo.local'])

    // The same database seen from a DATA_DIR without the logins (another machine): nothing to print, nothing reset.
    const elsewhere = freshDataDir()
    expect(await existingDemoAccounts(elsewhere)).toEqual([])
    expect(await existingDemoOperators(elsewhere)).toEqual([])
    await seedDemo({ dataDir: elsewhere, profiles: 0, avatars: false })
    await seedDemoOperators(elsewhere)
    const there = readDemoLogins(elsewhere)
    // Ben's account was gone, so it is made again with a new login; Anna and the operators keep theirs.
    expect(there.members.map((m) => m.email)).toEqual(['ben@demo.local'])
    expect(there.operators).toEqual([])
    expect(await verifyLogin('anna@demo.local', logins.members[0].password)).not.toBeNull()
    expect((await checkPassword(logins.operators[0].email, logins.operators[0].password)).kind).toBe('ok')
  })

  it('disables demo operators that a database seeded before still holds with the published logins, at every start', async () => {
    const dataDir = freshDataDir()
    await seedDemoOperators(dataDir)
    const [admin, moderator] = readDemoLogins(dataDir).operators
    expect(await disablePublishedDemoOperators()).toBe(0)
    // As the seed before decision record 025 left it: the admin's authenticator key is the one in the old source.
    await db()
      .update(operators)
      .set({ totpSecret: encryptSecret(PUBLISHED_ADMIN.totpSecret) })
      .where(eq(operators.email, PUBLISHED_ADMIN.email))
    expect(await disablePublishedDemoOperators()).toBe(1)
    expect((await checkPassword(admin.email, admin.password)).kind).toBe('failed')
    expect((await checkPassword(moderator.email, moderator.password)).kind).toBe('ok')
    expect(await disablePublishedDemoOperators()).toBe(0)
  })
})
