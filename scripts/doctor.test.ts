import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readyEnv, runDoctor } from '../tests/setup/doctor-process'

// `npm run doctor` as an operator runs it: a process with a configuration in its environment, read by its output
// and its exit code (1 while a MISSING item remains or the configuration is invalid, 2 for a bad flag).

describe('npm run doctor', () => {
  it('exits 0 when nothing is MISSING, naming what it could not check as a WARNING', async () => {
    const emptyBackups = fs.mkdtempSync(path.join(os.tmpdir(), 'doctor-backups-'))
    const run = await runDoctor(await readyEnv(), ['--backups', emptyBackups])
    expect(run.stderr).toBe('')
    expect(run.stdout).toContain('Readiness for 2 processes on 2 machines (assumed from REDIS_URL: say otherwise with --processes N --machines N):')
    expect(run.stdout).toContain('OK      Payment provider\n')
    expect(run.stdout).toMatch(/^WARNING No demo logins — not checked: the database could not be read \(ECONNREFUSED\)$/m)
    expect(run.stdout).toContain(`WARNING Backups — no backup found in ${emptyBackups}: run npm run backup daily`)
    expect(run.stdout).toContain('12 OK, 0 MISSING, 2 WARNING: ready for production.')
    expect(run.code).toBe(0)
  }, 60_000)

  it('exits 1 while an item is MISSING, and reports the implicit sandbox the server refuses to start with', async () => {
    const env = await readyEnv()
    delete env.PAYMENT_PROVIDER
    delete env.MOLLIE_API_KEY
    delete env.SESSION_SECRET
    const run = await runDoctor(env)
    expect(run.stdout).toMatch(/^MISSING Payment provider — set PAYMENT_PROVIDER, MOLLIE_API_KEY: unset, so the sandbox is used/m)
    expect(run.stdout).toMatch(/^MISSING Session secret — set SESSION_SECRET: /m)
    expect(run.stdout).toContain('2 MISSING')
    expect(run.code).toBe(1)
  }, 60_000)

  it('takes the topology from flags: several processes on one machine share DATA_DIR', async () => {
    const env = await readyEnv()
    for (const k of ['REDIS_URL', 'SESSION_SECRET', 'MEDIA_STORAGE', 'S3_BUCKET']) delete env[k]
    const run = await runDoctor(env, ['--processes', '3', '--machines', '1'])
    expect(run.stdout).toContain('Readiness for 3 processes on one machine:')
    expect(run.stdout).toMatch(/^MISSING Redis — set REDIS_URL: 3 processes without Redis/m)
    expect(run.stdout).toContain('OK      Session secret\n')
    expect(run.stdout).toMatch(/^WARNING Shared media storage — /m)
    expect(run.code).toBe(1)
    const single = await runDoctor(env, ['--processes', '1'])
    expect(single.stdout).toMatch(/^WARNING Redis — /m)
    expect(single.code).toBe(0)
  }, 60_000)

  it('reads the newest backup from the folder it is given', async () => {
    const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'doctor-backups-'))
    const dir = path.join(backups, '2026-11-27T03-00-00Z')
    fs.mkdirSync(dir)
    const part = { file: 'x', bytes: 0, sha256: '0'.repeat(64) }
    const manifest = {
      format: 1,
      kind: 'postgres',
      createdAt: new Date().toISOString(),
      appVersion: '0.1.0',
      migrations: 1,
      database: part,
      files: { ...part, entries: [] },
    }
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest))
    const run = await runDoctor(await readyEnv(), ['--backups', backups])
    expect(run.stdout).toContain('OK      Backups\n')
  }, 60_000)

  it('prints an invalid configuration and exits 1', async () => {
    const run = await runDoctor({ ...(await readyEnv()), TRUST_PROXY: 'everyone' })
    expect(run.stderr).toContain('Invalid configuration:')
    expect(run.stderr).toContain('TRUST_PROXY')
    expect(run.stderr).toContain('the server would refuse to start')
    expect(run.code).toBe(1)
  }, 60_000)

  it('refuses a bad flag with its usage and exits 2', async () => {
    const run = await runDoctor(await readyEnv(), ['--processes', 'two'])
    expect(run.stderr).toContain('Usage: npm run doctor')
    expect(run.code).toBe(2)
  }, 60_000)
})
