import net from 'node:net'
import { z } from 'zod'

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)
const optionalUrl = z.preprocess(blankToUndefined, z.url({ error: 'must be a URL' }).optional())

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL'),
  // Statements prepared once per connection under a name (db/tallied-clients.server.ts); 0 behind a pooler that
  // cannot keep them (PgBouncer in transaction mode before 1.21).
  DATABASE_NAMED_STATEMENTS: z.preprocess(blankToUndefined, z.enum(['0', '1']).default('1')),
  REDIS_URL: optionalUrl.refine((v) => !v || /^rediss?:\/\//.test(v), 'must be a redis:// URL'),
  // Prefix of every Redis key and channel: several sites (or test runs) can share one Redis without cross-talk.
  REDIS_PREFIX: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[\w:.-]{1,40}$/, 'must be 1-40 letters, digits or :._-')
      .default('dating:'),
  ),
  SMTP_URL: optionalUrl.refine((v) => !v || /^smtps?:\/\//.test(v), 'must be an smtp:// URL'),
  MAIL_FROM: z.preprocess(blankToUndefined, z.string().trim().optional()),
  // Shared secret of the mail provider's webhook (bounces, complaints): POST /webhooks/mail with a Bearer token.
  MAIL_WEBHOOK_SECRET: z.preprocess(blankToUndefined, z.string().min(24, 'must be at least 24 characters').optional()),
  // Payments: the embedded sandbox (a local test payment page) or Mollie (needs MOLLIE_API_KEY).
  PAYMENT_PROVIDER: z.preprocess(blankToUndefined, z.enum(['sandbox', 'mollie']).default('sandbox')),
  MOLLIE_API_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^(test|live)_\w{20,}$/, 'must be a Mollie API key (test_… or live_…)')
      .optional(),
  ),
  // Only to point the Mollie client elsewhere (the tests' local fake of its API); Mollie's own address otherwise.
  MOLLIE_API_ENDPOINT: optionalUrl,
  // Text messages (direct debit codes): kept in the outbox (/dev/outbox) unless Twilio is configured.
  SMS_PROVIDER: z.preprocess(blankToUndefined, z.enum(['outbox', 'twilio']).default('outbox')),
  TWILIO_ACCOUNT_SID: z.preprocess(blankToUndefined, z.string().optional()),
  TWILIO_AUTH_TOKEN: z.preprocess(blankToUndefined, z.string().optional()),
  TWILIO_API_URL: optionalUrl,
  SMS_FROM: z.preprocess(blankToUndefined, z.string().trim().max(20).optional()),
  // Web Push keys shared by every process (base64url, as web-push prints them). Unset: generated once into DATA_DIR.
  VAPID_PUBLIC_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => b64urlBytes(v) === 65, 'must be a base64url P-256 public key (65 bytes)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => b64urlBytes(v) === 32, 'must be a base64url P-256 private key (32 bytes)')
      .optional(),
  ),
  // The VAPID `sub` claim (https: or mailto:). Unset: the site's https address, else its e-mail sender.
  VAPID_SUBJECT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^(https:\/\/|mailto:)\S+$/, 'must start with https:// or mailto:')
      .optional(),
  ),
  // Which proxies to believe for the client's address (X-Forwarded-For): a hop count (1 = one proxy in front), or a
  // comma-separated list of addresses/CIDRs (and loopback, linklocal, uniquelocal). Default loopback: a proxy on
  // this machine. 0 or none: no proxy, the TCP peer is the client.
  TRUST_PROXY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .default('loopback')
      .refine(
        (v) => parseTrustProxy(v) !== null,
        'must be a hop count (0-10), none, or a comma-separated list of addresses, CIDRs, loopback, linklocal, uniquelocal',
      )
      .transform((v) => parseTrustProxy(v)!),
  ),
  // Where uploaded photos live: disk (DATA_DIR, one machine) or s3 (any S3-compatible object storage, shared by all
  // machines). With s3, S3_BUCKET is required; S3_ENDPOINT for MinIO, Ceph, R2 and the like.
  MEDIA_STORAGE: z.preprocess(blankToUndefined, z.enum(['disk', 's3']).default('disk')),
  S3_BUCKET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
      .optional(),
  ),
  S3_REGION: z.preprocess(blankToUndefined, z.string().trim().default('us-east-1')),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.preprocess(blankToUndefined, z.string().trim().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(blankToUndefined, z.string().optional()),
  // Path-style addressing (http://host/bucket/key): what MinIO and most self-hosted servers need. Default: on when
  // S3_ENDPOINT is set.
  S3_FORCE_PATH_STYLE: z.preprocess(
    blankToUndefined,
    z
      .enum(['0', '1', 'true', 'false'])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
  ),
  SESSION_SECRET: z.preprocess(blankToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SESSION_SECRET_PREVIOUS: z.preprocess(blankToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SEED_DEMO: z
    .enum(['', '0', '1', 'true', 'false', 'auto'])
    .optional()
    .transform((v) => (v === '0' || v === 'false' ? 'never' : v === '1' || v === 'true' ? 'always' : 'auto')),
  // The niche the demo data leans toward when seeding (1-7, app/features/niche); stored as the setting niche when
  // none is set. Unset: the setting niche.
  NICHE: z.preprocess(blankToUndefined, z.coerce.number().int().min(1, 'must be 1-7').max(7, 'must be 1-7').optional()),
  // Seconds a logged-out visitor's /, /login and /signup are kept per process (server/page-cache.server.ts); 0: off.
  PAGE_CACHE_SECONDS: z.preprocess(blankToUndefined, z.coerce.number().min(0, 'must be 0 or more').max(60, 'must be at most 60').default(5)),
  // Bearer token for GET /metrics from another host (docs/operations.md); unset: only this host's own tools may read it.
  METRICS_TOKEN: z.preprocess(blankToUndefined, z.string().min(24, 'must be at least 24 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

const checked = schema.superRefine((e, ctx) => {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    ctx.addIssue({
      code: 'custom',
      path: [e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
      message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together',
    })
  if (e.MEDIA_STORAGE === 's3' && !e.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when MEDIA_STORAGE=s3' })
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    ctx.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together' })
  if (e.PAYMENT_PROVIDER === 'mollie' && !e.MOLLIE_API_KEY)
    ctx.addIssue({ code: 'custom', path: ['MOLLIE_API_KEY'], message: 'is required when PAYMENT_PROVIDER=mollie' })
  if (e.SMS_PROVIDER === 'twilio' && !(e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.SMS_FROM))
    ctx.addIssue({
      code: 'custom',
      path: ['TWILIO_ACCOUNT_SID'],
      message: 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and SMS_FROM are required when SMS_PROVIDER=twilio',
    })
})

export type Env = z.infer<typeof schema> & {
  /** PAYMENT_PROVIDER was given, not defaulted: a production site never takes the sandbox by accident. */
  PAYMENT_PROVIDER_EXPLICIT: boolean
}

function b64urlBytes(v: string): number {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(v) ? Buffer.from(v, 'base64url').length : -1
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** TRUST_PROXY as Express takes it: a hop count, or addresses/CIDRs/names; null for anything else. */
export function parseTrustProxy(v: string): number | string[] | null {
  if (v === 'none') return 0
  if (/^\d+$/.test(v)) return Number(v) <= 10 ? Number(v) : null
  const parts = v
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  const valid = (p: string) => {
    if (PROXY_NAMES.has(p)) return true
    const [addr, bits, ...rest] = p.split('/')
    const family = net.isIP(addr)
    if (!family || rest.length) return false
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))
  }
  return parts.length && parts.every(valid) ? parts : null
}

export class EnvError extends Error {}

/** Parses the environment; a bad value throws an error whose message names every offending variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = checked.safeParse(source)
  const issues = result.success ? [] : result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
  const explicit = blankToUndefined(source.PAYMENT_PROVIDER) !== undefined
  if (result.success && isProductionSite(result.data) && !explicit)
    issues.push(
      '  PAYMENT_PROVIDER: must be set on a production site (NODE_ENV=production, https PUBLIC_URL): sandbox lets members mark their own payments paid, so choose it explicitly or configure mollie',
    )
  if (issues.length) throw new EnvError(`Invalid configuration:\n${issues.join('\n')}`)
  return { ...result.data!, PAYMENT_PROVIDER_EXPLICIT: explicit }
}

/**
 * A site on the internet: the production build behind an https address. There nothing demo runs by accident (the
 * sandbox must be chosen, direct debit needs a real SMS provider, /dev/outbox is closed); the quick start and the
 * tests (production build on http://localhost) are demos.
 */
export function isProductionSite(e: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL'>): boolean {
  return e.NODE_ENV === 'production' && Boolean(e.PUBLIC_URL?.startsWith('https://'))
}

let cached: Env | undefined
export function env(): Env {
  cached ??= parseEnv()
  return cached
}

/** Tests that change process.env read it again. */
export function resetEnvCache(): void {
  cached = undefined
}

/** The public origin of the site, used for links and for the Origin check. */
export function publicUrl(): string {
  const e = env()
  return (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
}
