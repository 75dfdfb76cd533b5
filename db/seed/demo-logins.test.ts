import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { generate, verify } from 'otplib'
import { describe, expect, it } from 'vitest'
import { demoLoginsPath, planDemoLogins, randomPassword, randomTotpSecret, readDemoLogins, writeDemoLogins, type DemoLogins } from './demo-logins.server'

const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'demo-logins-'))

describe('demo logins', () => {
  it('passwords and authenticator keys are random per call; keys are 160-bit base32 that an authenticator takes', async () => {
    const passwords = new Set(Array.from({ length: 50 }, randomPassword))
    expect(passwords.size).toBe(50)
    for (const p of passwords) expect(p).toMatch(/^[A-Za-z0-9_-]{20}$/)
    const secret = randomTotpSecret()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(randomTotpSecret()).not.toBe(secret)
    const token = await generate({ secret })
    expect((await verify({ secret, token })).valid).toBe(true)
  })

  it('are kept in DATA_DIR/demo-logins.json, readable by the site’s user only, replaced whole', () => {
    const dir = tmpDir()
    expect(readDemoLogins(dir)).toEqual({ members: [], operators: [] })
    const logins: DemoLogins = {
      members: [{ email: 'anna@demo.local', password: randomPassword() }],
      operators: [{ role: 'admin', email: 'admin@demo.local', password: randomPassword(), totpSecret: randomTotpSecret() }],
    }
    writeDemoLogins(dir, logins)
    expect(readDemoLogins(dir)).toEqual(logins)
    expect(fs.statSync(demoLoginsPath(dir)).mode & 0o777).toBe(0o600)
    writeDemoLogins(dir, { ...logins, members: [] })
    expect(readDemoLogins(dir).members).toEqual([])
    // Nothing left aside.
    expect(fs.readdirSync(dir)).toEqual(['demo-logins.json'])
  })

  it('a seeding keeps the logins it knows, makes new ones for new accounts, and leaves out accounts it cannot know', () => {
    const kept = [{ email: 'a@demo.local', password: 'kept' }]
    const made = planDemoLogins(['a@demo.local', 'b@demo.local', 'c@demo.local'], kept, new Set(['a@demo.local', 'c@demo.local']), (email) => ({
      email,
      password: 'new',
    }))
    expect(made).toEqual([
      { email: 'a@demo.local', password: 'kept' },
      { email: 'b@demo.local', password: 'new' },
    ])
  })
})
