import fs from 'node:fs'
import webpush from 'web-push'
import { describe, expect, it } from 'vitest'
import { isProductionSite, parseEnv } from '#app/lib/env.server'
import { readinessReport } from '#app/features/operations/readiness.server'
import { EXIT_CONFIG } from './crash-handlers.server'

// The files of deploy/ that the topology test (tests/topology, `npm run test:topology`) does not run itself: the
// env file example is a valid production configuration once its secrets are filled in, and the unit keeps the
// settings the deployment relies on.

/** A systemd EnvironmentFile: KEY=value lines, comments on lines of their own, double quotes around a value. */
function readEnvironmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {}
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue
    const m = /^([A-Z][A-Z0-9_]*)=("[^"]*"|[^\s"#]*)$/.exec(line)
    if (!m) throw new Error(`not a KEY=value line (a comment after a value would become part of it): ${line}`)
    env[m[1]] = m[2].replace(/^"(.*)"$/, '$1')
  }
  return env
}

describe('deploy/systemd/dating.env.example', () => {
  const example = readEnvironmentFile(fs.readFileSync('deploy/systemd/dating.env.example', 'utf8'))
  const vapid = webpush.generateVAPIDKeys()
  const secrets: Record<string, string> = {
    SESSION_SECRET: 'x'.repeat(48),
    MOLLIE_API_KEY: `live_${'a'.repeat(30)}`,
    TWILIO_ACCOUNT_SID: 'AC0123',
    TWILIO_AUTH_TOKEN: 'token',
    S3_ACCESS_KEY_ID: 'access',
    S3_SECRET_ACCESS_KEY: 'secret',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    METRICS_TOKEN: 'm'.repeat(32),
  }

  it('leaves blank exactly the secrets an operator must make', () => {
    expect(
      Object.keys(example)
        .filter((k) => example[k] === '')
        .sort(),
    ).toEqual(Object.keys(secrets).sort())
  })

  it('is a production configuration the server accepts once they are filled in, with nothing left to the defaults that matter', () => {
    // NODE_ENV, SUPERVISE and PORT come from the unit.
    for (const k of ['NODE_ENV', 'SUPERVISE', 'PORT']) expect(example, k).not.toHaveProperty(k)
    const e = parseEnv({ ...example, ...secrets, NODE_ENV: 'production', PORT: '3000' })
    expect(isProductionSite(e)).toBe(true)
    expect(e.PAYMENT_PROVIDER_EXPLICIT).toBe(true)
    expect(e.MEDIA_STORAGE).toBe('s3')
    expect(e.SMS_PROVIDER).toBe('twilio')
    expect(e.SEED_DEMO).toBe('never')
    expect(e.TRUST_PROXY).toEqual(['10.77.0.10'])
    // Every variable it names is one the server reads (a misspelt name would be ignored without a word).
    for (const k of Object.keys(example)) expect(e, k).toHaveProperty(k)
  })

  it('passes the readiness report (npm run doctor) for two processes on two machines without a single MISSING or WARNING', () => {
    const e = parseEnv({ ...example, ...secrets, NODE_ENV: 'production', PORT: '3000' })
    const now = new Date()
    const report = readinessReport(e, {
      topology: { processes: 2, machines: 2 },
      vapidFile: false,
      demoLoginsFile: false,
      demoLogins: 0,
      backupDir: '/var/backups/dating',
      lastBackupAt: now,
      now,
    })
    expect(report.filter((i) => i.status !== 'ok')).toEqual([])
  })
})

describe('deploy/systemd/dating@.service', () => {
  const unit = fs.readFileSync('deploy/systemd/dating@.service', 'utf8')
  it('runs one process per instance, supervised by systemd, restarted on failure', () => {
    expect(unit).toMatch(/^Environment=NODE_ENV=production SUPERVISE=0 PORT=%i$/m)
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node server\/index\.js$/m)
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/dating\/dating\.env$/m)
    expect(unit).toMatch(/^Restart=on-failure$/m)
    // The server's exit code for a refused configuration: not restarted, as starting again cannot fix it.
    expect(unit).toMatch(new RegExp(`^RestartPreventExitStatus=${EXIT_CONFIG}$`, 'm'))
    // V8's JIT needs writable and executable memory.
    expect(unit).not.toMatch(/^MemoryDenyWriteExecute=yes/m)
  })
})
