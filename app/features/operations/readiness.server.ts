import { parseEnv, type Env } from '#app/lib/env.server'

/**
 * The readiness report (issue 23): for one configuration, each prerequisite of a site on the internet, as
 * `npm run doctor` prints it (scripts/doctor.ts) and the console's dashboard shows it to admins. Pure: the facts
 * that are not in the configuration (files in DATA_DIR, demo logins in the database, the last backup) are read by
 * readiness-facts.server.ts and passed in.
 *
 * MISSING: the site is unsafe or broken on the internet without it (money given away, a console open to anyone,
 * mail that never arrives, a second machine that quietly disagrees with the first). WARNING: it works, with a
 * limit the operator should choose knowingly. docs/operations.md "Readiness" lists the rules.
 */
export const readinessItemIds = [
  'nodeEnv',
  'publicUrl',
  'database',
  'demoLogins',
  'payments',
  'mail',
  'sms',
  'sessionSecret',
  'trustProxy',
  'redis',
  'media',
  'push',
  'metrics',
  'backups',
] as const
export type ReadinessItemId = (typeof readinessItemIds)[number]
export type ReadinessStatus = 'ok' | 'missing' | 'warning'

export interface ReadinessItem {
  id: ReadinessItemId
  status: ReadinessStatus
  /** The variables that decide the item (to set, or to unset where the detail says so); none for backups. */
  variables: string[]
  /** A short English sentence for the command line: why, and what to do. */
  detail: string
}

/** How the site is meant to run: app processes in all, and on how many machines (each with its own DATA_DIR). */
export interface Topology {
  processes: number
  machines: number
}

export interface ReadinessFacts {
  topology: Topology
  /** DATA_DIR/vapid.json exists: the push keys generated on a first start. */
  vapidFile: boolean
  /** DATA_DIR/demo-logins.json exists: demo logins were generated for this install. */
  demoLoginsFile: boolean
  /** Demo logins (members and operators at @demo.local) that can still sign in; null: the database was not read. */
  demoLogins: number | null
  /** Why demoLogins is null, for the detail. */
  demoLoginsUnchecked?: string
  /** The folder searched for backups, and the time of the newest complete one in it (null: none). */
  backupDir: string
  lastBackupAt: Date | null
  now: Date
}

/** A backup older than this is reported: daily backups with a day's slack. */
export const BACKUP_MAX_AGE_HOURS = 48

const item = (id: ReadinessItemId, status: ReadinessStatus, variables: string[], detail: string): ReadinessItem => ({ id, status, variables, detail })

/**
 * Without a flag the number of processes is read from REDIS_URL: Redis only joins processes, so a site that
 * configures it means to run more than one, each (the case that breaks quietly) on its own machine.
 */
export function inferTopology(e: Pick<Env, 'REDIS_URL'>, given: Partial<Topology> = {}): Topology {
  const processes = given.processes ?? Math.max(given.machines ?? 1, e.REDIS_URL ? 2 : 1)
  return { processes, machines: Math.min(given.machines ?? processes, processes) }
}

export function readinessReport(e: Env, f: ReadinessFacts): ReadinessItem[] {
  const several = f.topology.processes > 1
  const machines = f.topology.machines > 1
  return [
    e.NODE_ENV === 'production'
      ? item('nodeEnv', 'ok', ['NODE_ENV'], 'production build')
      : item(
          'nodeEnv',
          'missing',
          ['NODE_ENV'],
          `NODE_ENV is ${e.NODE_ENV}: set production (npm run serve does); other modes show error details and are not tuned`,
        ),

    !e.PUBLIC_URL
      ? item('publicUrl', 'missing', ['PUBLIC_URL'], `unset: links in e-mails point at http://localhost:${e.PORT}; set the site's https address`)
      : e.PUBLIC_URL.startsWith('https://')
        ? item('publicUrl', 'ok', ['PUBLIC_URL'], 'https')
        : item('publicUrl', 'missing', ['PUBLIC_URL'], 'not https: passwords and session cookies would cross the network readable; set the https address'),

    e.DATABASE_URL
      ? item('database', 'ok', ['DATABASE_URL'], 'PostgreSQL')
      : item('database', 'missing', ['DATABASE_URL'], 'the embedded database serves one process and is meant for demos; set a PostgreSQL URL'),

    demoLoginsItem(e, f),
    paymentsItem(e),

    !e.SMTP_URL
      ? item('mail', 'missing', ['SMTP_URL'], 'e-mails stay in the outbox: activation and password reset mails never reach members')
      : !e.MAIL_FROM
        ? item('mail', 'missing', ['MAIL_FROM'], 'mail is sent as no-reply@localhost, which receiving servers refuse; set the sender address of your domain')
        : item('mail', 'ok', ['SMTP_URL', 'MAIL_FROM'], 'SMTP'),

    e.SMS_PROVIDER === 'outbox'
      ? item(
          'sms',
          'warning',
          ['SMS_PROVIDER', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'SMS_FROM'],
          'text messages stay in the outbox, so direct debit is not offered; set SMS_PROVIDER=twilio to offer it',
        )
      : item('sms', 'ok', ['SMS_PROVIDER'], e.SMS_PROVIDER),

    e.SESSION_SECRET
      ? item('sessionSecret', 'ok', ['SESSION_SECRET'], 'from the environment')
      : machines
        ? item(
            'sessionSecret',
            'missing',
            ['SESSION_SECRET'],
            'each machine would generate its own DATA_DIR/session-secret, and sessions made on one would be refused by the others; set one secret (32+ characters) everywhere',
          )
        : item('sessionSecret', 'ok', ['SESSION_SECRET'], 'generated into DATA_DIR/session-secret (in the backups); set it before adding a machine'),

    trustProxyItem(e),

    e.REDIS_URL
      ? item('redis', 'ok', ['REDIS_URL'], 'shared by the processes')
      : several
        ? item(
            'redis',
            'missing',
            ['REDIS_URL'],
            `${f.topology.processes} processes without Redis do not hear each other: chat, live updates and limits stay in one process`,
          )
        : item('redis', 'warning', ['REDIS_URL'], 'one process only: set REDIS_URL before starting a second'),

    e.MEDIA_STORAGE === 's3'
      ? item('media', 'ok', ['MEDIA_STORAGE'], 'object storage')
      : machines
        ? item(
            'media',
            'missing',
            ['MEDIA_STORAGE', 'S3_BUCKET'],
            'photos stay on the disk of the machine that received them, and the others cannot serve them; set MEDIA_STORAGE=s3 and S3_BUCKET',
          )
        : item(
            'media',
            'warning',
            ['MEDIA_STORAGE', 'S3_BUCKET'],
            'photos live in DATA_DIR on this machine only: back it up, and set MEDIA_STORAGE=s3 before adding a machine',
          ),

    pushItem(e, f),

    e.METRICS_TOKEN
      ? item('metrics', 'ok', ['METRICS_TOKEN'], 'token set')
      : item('metrics', 'warning', ['METRICS_TOKEN'], 'only tools on this host may read /metrics; set a token (24+ characters) to scrape from elsewhere'),

    backupsItem(f),
  ]
}

function demoLoginsItem(e: Env, f: ReadinessFacts): ReadinessItem {
  if (e.SEED_DEMO === 'always') return item('demoLogins', 'missing', ['SEED_DEMO'], 'SEED_DEMO=1 seeds demo data and demo logins at start: unset it')
  if (f.demoLogins !== null)
    return f.demoLogins > 0
      ? item(
          'demoLogins',
          'missing',
          [],
          `the database holds ${f.demoLogins} demo login(s) at @demo.local that anyone may have read: disable the demo operators and erase the demo members in the console`,
        )
      : item('demoLogins', 'ok', [], 'none in the database')
  return f.demoLoginsFile
    ? item('demoLogins', 'missing', [], 'DATA_DIR/demo-logins.json exists: this install was seeded with demo logins')
    : item('demoLogins', 'warning', [], `not checked: ${f.demoLoginsUnchecked ?? 'the database was not read'}`)
}

function paymentsItem(e: Env): ReadinessItem {
  if (!e.PAYMENT_PROVIDER_EXPLICIT)
    return item(
      'payments',
      'missing',
      ['PAYMENT_PROVIDER', 'MOLLIE_API_KEY'],
      'unset, so the sandbox is used: its test page lets members mark their own payments paid; set mollie and its live key',
    )
  if (e.PAYMENT_PROVIDER === 'sandbox')
    return item(
      'payments',
      'missing',
      ['PAYMENT_PROVIDER', 'MOLLIE_API_KEY'],
      'the sandbox lets members mark their own payments paid: free credits and Premium; set mollie and its live key',
    )
  if (e.MOLLIE_API_KEY?.startsWith('test_')) return item('payments', 'missing', ['MOLLIE_API_KEY'], 'a Mollie test key takes no real money: set the live_ key')
  return item('payments', 'ok', ['PAYMENT_PROVIDER', 'MOLLIE_API_KEY'], e.PAYMENT_PROVIDER)
}

function trustProxyItem(e: Env): ReadinessItem {
  const v = e.TRUST_PROXY
  // The app speaks no TLS itself: an https site has a proxy in front, whose address every visitor would share.
  if (v === 0)
    return item(
      'trustProxy',
      'missing',
      ['TRUST_PROXY'],
      'no proxy is believed, so behind the https proxy every visitor has its address: rate limits, lockouts and countries shared by all; set the hop count or the proxy address',
    )
  if (Array.isArray(v) && v.length === 1 && v[0] === 'loopback')
    return item(
      'trustProxy',
      'warning',
      ['TRUST_PROXY'],
      'only a proxy on this machine is believed: right for nginx on this host; set the load balancer address or a hop count when it runs elsewhere',
    )
  return item('trustProxy', 'ok', ['TRUST_PROXY'], Array.isArray(v) ? v.join(',') : `${v} hop(s)`)
}

function pushItem(e: Env, f: ReadinessFacts): ReadinessItem {
  const variables = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT']
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) return item('push', 'ok', variables, 'keys from the environment')
  // Every browser subscription is bound to the public key: existing ones keep working only with the same pair.
  const keep = f.vapidFile ? ' (copy the pair in DATA_DIR/vapid.json to keep the subscriptions made so far)' : ''
  return f.topology.machines > 1
    ? item(
        'push',
        'missing',
        variables,
        `each machine would generate its own keys, and a push signed on one fails for subscriptions made on another; set the keys${keep}`,
      )
    : item('push', 'warning', variables, `the keys live in DATA_DIR/vapid.json on this machine only; set them in the environment${keep}`)
}

function backupsItem(f: ReadinessFacts): ReadinessItem {
  if (!f.lastBackupAt)
    return item('backups', 'warning', [], `no backup found in ${f.backupDir}: run npm run backup daily (doctor --backups <folder> reads another folder)`)
  const hours = (f.now.getTime() - f.lastBackupAt.getTime()) / 3_600_000
  return hours > BACKUP_MAX_AGE_HOURS
    ? item('backups', 'warning', [], `the newest backup in ${f.backupDir} is ${Math.floor(hours / 24)} days old: run npm run backup daily`)
    : item('backups', 'ok', [], `newest ${f.lastBackupAt.toISOString()}`)
}

/**
 * The configuration as the server would read it, except that an implicit sandbox on a production site, which
 * parseEnv refuses, is reported (payments: MISSING) instead of stopping the report. Any other bad value throws
 * parseEnv's EnvError.
 */
export function parseEnvForReport(source: Record<string, string | undefined>): Env {
  const explicit = (source.PAYMENT_PROVIDER ?? '').trim() !== ''
  const e = parseEnv(explicit ? source : { ...source, PAYMENT_PROVIDER: 'sandbox' })
  return { ...e, PAYMENT_PROVIDER_EXPLICIT: explicit }
}

/** English names for the command line; the console has them as messages admin.readiness.item.<id>. */
export const readinessNames: Record<ReadinessItemId, string> = {
  nodeEnv: 'Production mode',
  publicUrl: 'Public address on https',
  database: 'PostgreSQL database',
  demoLogins: 'No demo logins',
  payments: 'Payment provider',
  mail: 'E-mail delivery',
  sms: 'Text messages',
  sessionSecret: 'Session secret',
  trustProxy: 'Trusted proxies',
  redis: 'Redis',
  media: 'Shared media storage',
  push: 'Push keys',
  metrics: 'Metrics access',
  backups: 'Backups',
}

const LABEL: Record<ReadinessStatus, string> = { ok: 'OK', missing: 'MISSING', warning: 'WARNING' }

/** The report as `npm run doctor` prints it: one line per item, then a summary. */
export function formatReadiness(items: ReadinessItem[]): string {
  const lines = items.map((i) => {
    const head = `${LABEL[i.status].padEnd(8)}${readinessNames[i.id]}`
    if (i.status === 'ok') return head
    return `${head} — ${i.variables.length ? `set ${i.variables.join(', ')}: ` : ''}${i.detail}`
  })
  const count = (s: ReadinessStatus) => items.filter((i) => i.status === s).length
  const missing = count('missing')
  lines.push('', `${count('ok')} OK, ${missing} MISSING, ${count('warning')} WARNING: ${missing ? 'not ready for production.' : 'ready for production.'}`)
  return lines.join('\n')
}
