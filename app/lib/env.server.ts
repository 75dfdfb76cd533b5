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
  REDIS_URL: optionalUrl.refine((v) => !v || /^rediss?:\/\//.test(v), 'must be a redis:// URL'),
  // Prefix of every Redis key and channel: several sites (or test runs) can share one Redis without cross-talk.
  REDIS_PREFIX: z.preprocess(blankToUndefined, z.string().regex(/^[\w:.-]{1,40}$/, 'must be 1-40 letters, digits or :._-').default('dating:')),
  SMTP_URL: optionalUrl.refine((v) => !v || /^smtps?:\/\//.test(v), 'must be an smtp:// URL'),
  MAIL_FROM: z.preprocess(blankToUndefined, z.string().trim().optional()),
  // Shared secret of the mail provider's webhook (bounces, complaints): POST /webhooks/mail with a Bearer token.
  MAIL_WEBHOOK_SECRET: z.preprocess(blankToUndefined, z.string().min(24, 'must be at least 24 characters').optional()),
  // Payments: the embedded sandbox (a local test payment page) or Mollie (needs MOLLIE_API_KEY).
  PAYMENT_PROVIDER: z.preprocess(blankToUndefined, z.enum(['sandbox', 'mollie']).default('sandbox')),
  MOLLIE_API_KEY: z.preprocess(blankToUndefined, z.string().regex(/^(test|live)_\w{20,}$/, 'must be a Mollie API key (test_… or live_…)').optional()),
  // Only to point the Mollie client elsewhere (the tests' local fake of its API); Mollie's own address otherwise.
  MOLLIE_API_ENDPOINT: optionalUrl,
  // Text messages (direct debit codes): kept in the outbox (/dev/outbox) unless Twilio is configured.
  SMS_PROVIDER: z.preprocess(blankToUndefined, z.enum(['outbox', 'twilio']).default('outbox')),
  TWILIO_ACCOUNT_SID: z.preprocess(blankToUndefined, z.string().optional()),
  TWILIO_AUTH_TOKEN: z.preprocess(blankToUndefined, z.string().optional()),
  TWILIO_API_URL: optionalUrl,
  SMS_FROM: z.preprocess(blankToUndefined, z.string().trim().max(20).optional()),
  SESSION_SECRET: z.preprocess(blankToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
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
  if (e.PAYMENT_PROVIDER === 'mollie' && !e.MOLLIE_API_KEY) ctx.addIssue({ code: 'custom', path: ['MOLLIE_API_KEY'], message: 'is required when PAYMENT_PROVIDER=mollie' })
  if (e.SMS_PROVIDER === 'twilio' && !(e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.SMS_FROM))
    ctx.addIssue({ code: 'custom', path: ['TWILIO_ACCOUNT_SID'], message: 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and SMS_FROM are required when SMS_PROVIDER=twilio' })
})

export type Env = z.infer<typeof schema>

export class EnvError extends Error {}

/** Parses the environment; a bad value throws an error whose message names every offending variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = checked.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return result.data
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
