import { describe, expect, it } from 'vitest'
import { EnvError } from '#app/lib/env.server'
import {
  formatReadiness,
  inferTopology,
  parseEnvForReport,
  readinessItemIds,
  readinessReport,
  type ReadinessFacts,
  type ReadinessItemId,
} from './readiness.server'

// Key material of the right shape for the configuration's checks; not keys anyone uses.
const vapidPublic = Buffer.alloc(65, 4).toString('base64url')
const vapidPrivate = Buffer.alloc(32, 7).toString('base64url')
const mollieKey = (mode: 'live' | 'test') => `${mode}_${'a'.repeat(30)}`

/** A configuration with every prerequisite met, for two processes on two machines. */
const ready: Record<string, string> = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://dating.example',
  DATABASE_URL: 'postgres://site@db.internal/site',
  REDIS_URL: 'redis://redis.internal:6379',
  SMTP_URL: 'smtp://mail.internal:587',
  MAIL_FROM: 'Site <no-reply@dating.example>',
  PAYMENT_PROVIDER: 'mollie',
  MOLLIE_API_KEY: mollieKey('live'),
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC-test',
  TWILIO_AUTH_TOKEN: 'twilio-token-for-tests',
  SMS_FROM: 'Site',
  SESSION_SECRET: 's'.repeat(40),
  TRUST_PROXY: '10.0.0.0/8',
  MEDIA_STORAGE: 's3',
  S3_BUCKET: 'site-media',
  VAPID_PUBLIC_KEY: vapidPublic,
  VAPID_PRIVATE_KEY: vapidPrivate,
  METRICS_TOKEN: 'm'.repeat(30),
}

const now = new Date('2026-11-27T12:00:00Z')
const baseFacts: ReadinessFacts = {
  topology: { processes: 2, machines: 2 },
  vapidFile: false,
  demoLoginsFile: false,
  demoLogins: 0,
  backupDir: 'backups',
  lastBackupAt: new Date('2026-11-27T03:00:00Z'),
  now,
}

function report(change: Record<string, string | undefined> = {}, facts: Partial<ReadinessFacts> = {}) {
  const source = { ...ready, ...change }
  for (const k of Object.keys(source)) if (source[k] === undefined) delete source[k]
  return readinessReport(parseEnvForReport(source), { ...baseFacts, ...facts })
}
const itemOf = (id: ReadinessItemId, change?: Record<string, string | undefined>, facts?: Partial<ReadinessFacts>) =>
  report(change, facts).find((i) => i.id === id)!
const one = { topology: { processes: 1, machines: 1 } }

describe('the readiness report', () => {
  it('lists every item once, in a fixed order, all OK for a complete configuration', () => {
    const items = report()
    expect(items.map((i) => i.id)).toEqual([...readinessItemIds])
    expect(items.filter((i) => i.status !== 'ok')).toEqual([])
  })

  it('nodeEnv: MISSING outside the production build', () => {
    expect(itemOf('nodeEnv', { NODE_ENV: 'development' })).toMatchObject({ status: 'missing', variables: ['NODE_ENV'] })
    expect(itemOf('nodeEnv').status).toBe('ok')
  })

  it('publicUrl: MISSING when unset or not https', () => {
    expect(itemOf('publicUrl', { PUBLIC_URL: undefined })).toMatchObject({ status: 'missing', variables: ['PUBLIC_URL'] })
    expect(itemOf('publicUrl', { PUBLIC_URL: 'http://dating.example' })).toMatchObject({ status: 'missing', detail: expect.stringContaining('not https') })
    expect(itemOf('publicUrl').status).toBe('ok')
  })

  it('database: MISSING on the embedded database', () => {
    expect(itemOf('database', { DATABASE_URL: undefined })).toMatchObject({ status: 'missing', variables: ['DATABASE_URL'] })
    expect(itemOf('database').status).toBe('ok')
  })

  it('demoLogins: MISSING while SEED_DEMO=1 or the database holds demo logins; a WARNING when it could not look', () => {
    expect(itemOf('demoLogins', { SEED_DEMO: '1' })).toMatchObject({ status: 'missing', variables: ['SEED_DEMO'] })
    expect(itemOf('demoLogins', {}, { demoLogins: 6 })).toMatchObject({ status: 'missing', detail: expect.stringContaining('6 demo login(s)') })
    // The database is the authority: a leftover file does not matter once the logins are gone.
    expect(itemOf('demoLogins', {}, { demoLogins: 0, demoLoginsFile: true }).status).toBe('ok')
    expect(itemOf('demoLogins', {}, { demoLogins: null, demoLoginsFile: true })).toMatchObject({
      status: 'missing',
      detail: expect.stringContaining('demo-logins.json'),
    })
    expect(itemOf('demoLogins', {}, { demoLogins: null, demoLoginsUnchecked: 'the database could not be read (ECONNREFUSED)' })).toMatchObject({
      status: 'warning',
      detail: 'not checked: the database could not be read (ECONNREFUSED)',
    })
    expect(itemOf('demoLogins', { SEED_DEMO: '0' }).status).toBe('ok')
  })

  it('payments: MISSING when not chosen explicitly, the sandbox, or a Mollie test key', () => {
    expect(itemOf('payments', { PAYMENT_PROVIDER: undefined, MOLLIE_API_KEY: undefined })).toMatchObject({
      status: 'missing',
      detail: expect.stringContaining('unset, so the sandbox is used'),
    })
    expect(itemOf('payments', { PAYMENT_PROVIDER: 'sandbox', MOLLIE_API_KEY: undefined })).toMatchObject({
      status: 'missing',
      detail: expect.stringContaining('mark their own payments paid'),
    })
    expect(itemOf('payments', { MOLLIE_API_KEY: mollieKey('test') })).toMatchObject({ status: 'missing', variables: ['MOLLIE_API_KEY'] })
    expect(itemOf('payments').status).toBe('ok')
  })

  it('mail: MISSING without SMTP (the outbox) or without a sender address', () => {
    expect(itemOf('mail', { SMTP_URL: undefined })).toMatchObject({ status: 'missing', variables: ['SMTP_URL'] })
    expect(itemOf('mail', { MAIL_FROM: undefined })).toMatchObject({ status: 'missing', variables: ['MAIL_FROM'] })
    expect(itemOf('mail').status).toBe('ok')
  })

  it('sms: a WARNING in the outbox, naming what it costs (no direct debit)', () => {
    expect(itemOf('sms', { SMS_PROVIDER: undefined })).toMatchObject({ status: 'warning', detail: expect.stringContaining('direct debit is not offered') })
    expect(itemOf('sms').status).toBe('ok')
  })

  it('sessionSecret: MISSING when unset on several machines; generated into DATA_DIR is fine on one', () => {
    expect(itemOf('sessionSecret', { SESSION_SECRET: undefined })).toMatchObject({ status: 'missing', variables: ['SESSION_SECRET'] })
    expect(itemOf('sessionSecret', { SESSION_SECRET: undefined }, { topology: { processes: 3, machines: 1 } }).status).toBe('ok')
    expect(itemOf('sessionSecret', { SESSION_SECRET: undefined }, one).status).toBe('ok')
    expect(itemOf('sessionSecret').status).toBe('ok')
  })

  it('trustProxy: a WARNING at the loopback default, MISSING when no proxy is believed', () => {
    expect(itemOf('trustProxy', { TRUST_PROXY: undefined })).toMatchObject({ status: 'warning', variables: ['TRUST_PROXY'] })
    expect(itemOf('trustProxy', { TRUST_PROXY: 'loopback' }).status).toBe('warning')
    expect(itemOf('trustProxy', { TRUST_PROXY: '0' }).status).toBe('missing')
    expect(itemOf('trustProxy', { TRUST_PROXY: 'none' }).status).toBe('missing')
    expect(itemOf('trustProxy', { TRUST_PROXY: '1' }).status).toBe('ok')
    expect(itemOf('trustProxy', { TRUST_PROXY: 'loopback, 10.1.2.3' }).status).toBe('ok')
  })

  it('redis: MISSING with several processes, a WARNING with one', () => {
    expect(itemOf('redis', { REDIS_URL: undefined })).toMatchObject({ status: 'missing', detail: expect.stringContaining('2 processes without Redis') })
    expect(itemOf('redis', { REDIS_URL: undefined }, { topology: { processes: 2, machines: 1 } }).status).toBe('missing')
    expect(itemOf('redis', { REDIS_URL: undefined }, one)).toMatchObject({ status: 'warning', variables: ['REDIS_URL'] })
    expect(itemOf('redis').status).toBe('ok')
  })

  it('media: MISSING on disk across machines, a WARNING on one machine', () => {
    expect(itemOf('media', { MEDIA_STORAGE: undefined, S3_BUCKET: undefined })).toMatchObject({ status: 'missing', variables: ['MEDIA_STORAGE', 'S3_BUCKET'] })
    expect(itemOf('media', { MEDIA_STORAGE: 'disk' }, { topology: { processes: 2, machines: 1 } }).status).toBe('warning')
    expect(itemOf('media', { MEDIA_STORAGE: 'disk' }, one).status).toBe('warning')
    expect(itemOf('media').status).toBe('ok')
  })

  it('push: MISSING from DATA_DIR across machines, a WARNING on one; says to keep the existing pair', () => {
    const fromDataDir = { VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined }
    expect(itemOf('push', fromDataDir)).toMatchObject({ status: 'missing', variables: ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] })
    expect(itemOf('push', fromDataDir, one)).toMatchObject({ status: 'warning', detail: expect.not.stringContaining('vapid.json to keep') })
    expect(itemOf('push', fromDataDir, { ...one, vapidFile: true }).detail).toContain('copy the pair in DATA_DIR/vapid.json')
    expect(itemOf('push').status).toBe('ok')
  })

  it('metrics: a WARNING without a token', () => {
    expect(itemOf('metrics', { METRICS_TOKEN: undefined })).toMatchObject({ status: 'warning', variables: ['METRICS_TOKEN'] })
    expect(itemOf('metrics').status).toBe('ok')
  })

  it('backups: a WARNING when none was found or the newest is over two days old', () => {
    expect(itemOf('backups', {}, { lastBackupAt: null, backupDir: '/srv/backups' })).toMatchObject({
      status: 'warning',
      variables: [],
      detail: expect.stringContaining('no backup found in /srv/backups'),
    })
    expect(itemOf('backups', {}, { lastBackupAt: new Date('2026-11-24T11:00:00Z') })).toMatchObject({
      status: 'warning',
      detail: expect.stringContaining('3 days old'),
    })
    expect(itemOf('backups', {}, { lastBackupAt: new Date('2026-11-25T13:00:00Z') }).status).toBe('ok')
  })
})

describe('the configuration as the report reads it', () => {
  it('reports an implicit sandbox on a production site that the server refuses to start with', () => {
    const source = { ...ready, PAYMENT_PROVIDER: undefined, MOLLIE_API_KEY: undefined }
    const e = parseEnvForReport(source)
    expect(e).toMatchObject({ PAYMENT_PROVIDER: 'sandbox', PAYMENT_PROVIDER_EXPLICIT: false })
    expect(parseEnvForReport({ ...source, PAYMENT_PROVIDER: 'sandbox' }).PAYMENT_PROVIDER_EXPLICIT).toBe(true)
  })

  it('still refuses any other bad value, naming it', () => {
    expect(() => parseEnvForReport({ ...ready, TRUST_PROXY: 'everyone' })).toThrow(EnvError)
    expect(() => parseEnvForReport({ ...ready, TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/)
  })
})

describe('how many processes and machines', () => {
  it('reads several processes from REDIS_URL, each on its own machine, unless told', () => {
    expect(inferTopology({ REDIS_URL: undefined })).toEqual({ processes: 1, machines: 1 })
    expect(inferTopology({ REDIS_URL: 'redis://r' })).toEqual({ processes: 2, machines: 2 })
    expect(inferTopology({ REDIS_URL: 'redis://r' }, { processes: 1 })).toEqual({ processes: 1, machines: 1 })
    expect(inferTopology({ REDIS_URL: undefined }, { processes: 4 })).toEqual({ processes: 4, machines: 4 })
    expect(inferTopology({ REDIS_URL: 'redis://r' }, { processes: 4, machines: 1 })).toEqual({ processes: 4, machines: 1 })
    expect(inferTopology({ REDIS_URL: undefined }, { machines: 3 })).toEqual({ processes: 3, machines: 3 })
  })
})

describe('the printed report', () => {
  it('prints OK items by name, the others with the variables to set and why, then a summary', () => {
    const text = formatReadiness(report({ METRICS_TOKEN: undefined, SMTP_URL: undefined }, { lastBackupAt: null }))
    const lines = text.split('\n')
    expect(lines[0]).toBe('OK      Production mode')
    expect(lines).toContain('MISSING E-mail delivery — set SMTP_URL: e-mails stay in the outbox: activation and password reset mails never reach members')
    expect(lines).toContain(
      'WARNING Metrics access — set METRICS_TOKEN: only tools on this host may read /metrics; set a token (24+ characters) to scrape from elsewhere',
    )
    expect(lines.find((l) => l.includes('Backups'))).toMatch(/^WARNING Backups — no backup found in backups: /)
    expect(lines.at(-1)).toBe('11 OK, 1 MISSING, 2 WARNING: not ready for production.')
    expect(formatReadiness(report()).split('\n').at(-1)).toBe('14 OK, 0 MISSING, 0 WARNING: ready for production.')
  })

  it('never prints a secret', () => {
    const text = formatReadiness(report({ SESSION_SECRET: undefined }))
    for (const secret of [
      ready.MOLLIE_API_KEY,
      ready.METRICS_TOKEN,
      ready.TWILIO_AUTH_TOKEN,
      vapidPrivate,
      ready.DATABASE_URL,
      ready.REDIS_URL,
      ready.SMTP_URL,
    ])
      expect(text).not.toContain(secret)
  })
})
