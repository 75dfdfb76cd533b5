import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decideSandboxPayment, sandboxProvider } from '#app/adapters/payments/sandbox/sandbox-provider.server'
import { findBundle } from '#app/features/billing/bundles.server'
import { startCheckout } from '#app/features/billing/checkout.server'
import { ledgerBalance } from '#app/features/billing/ledger.server'
import { getSettings } from '#app/features/settings/settings.server'
import { resetEnvCache } from '#app/lib/env.server'
import { migrate, openDatabase, setDatabase, db, type DbHandle } from '#db/client.server'
import { creditLedger, domainEvents, jobs, payments, sandboxPayments, users } from '#db/schema/index'
import { createMember } from '../../tests/setup/factories'
import { createTestDatabase, freePort, startServer, until } from '../../tests/setup/server-process'

// POST /webhooks/payments/{provider} over HTTP against the production build (run `npx react-router build` first),
// with the sandbox provider. The test creates members and payments in-process, in the database the server uses:
//  - with TEST_DATABASE_URL, the server is a process of its own (startServer) on a fresh PostgreSQL database;
//  - on the embedded database, the server runs in this process (the build's start()), because one PGlite can be
//    opened by one process only; db() is one handle per process (db/client.server.ts), so both sides share it.
// Either way its job runner delivers the sandbox's own webhook calls over HTTP.

interface RunningServer {
  origin: string
  stop(): Promise<void>
  output(): string
}

const pgBase = process.env.TEST_DATABASE_URL
let server: RunningServer
let handle: DbHandle | undefined
const envBefore = { PUBLIC_URL: process.env.PUBLIC_URL, PORT: process.env.PORT, HOST: process.env.HOST, SEED_DEMO: process.env.SEED_DEMO }

async function startOnPostgres(base: string): Promise<RunningServer> {
  const url = await createTestDatabase(base, 'webhooks')
  handle = await openDatabase({ url, poolSize: 8 })
  await migrate(handle)
  setDatabase(handle)
  const s = await startServer({ DATABASE_URL: url, SUPERVISE: '0' })
  return {
    origin: `http://127.0.0.1:${s.port}`,
    async stop() {
      if (s.child.exitCode === null) s.child.kill('SIGTERM')
      await s.exited
    },
    output: s.output,
  }
}

async function startInProcess(): Promise<RunningServer> {
  const port = await freePort()
  Object.assign(process.env, { PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '0' })
  const entry = new URL('../../build/server/index.js', import.meta.url).href
  const { start } = (await import(/* @vite-ignore */ entry)) as { start(): Promise<{ close(): Promise<void> }> }
  // The server's last-resort handlers end the process; here Vitest reports what escapes, so they are taken back.
  const listeners = () => [...process.listeners('uncaughtException'), ...process.listeners('unhandledRejection')] as ((...args: unknown[]) => void)[]
  const before = new Set(listeners())
  const app = await start()
  for (const l of listeners().filter((x) => !before.has(x))) {
    process.off('uncaughtException', l)
    process.off('unhandledRejection', l)
  }
  return { origin: `http://127.0.0.1:${port}`, stop: () => app.close(), output: () => '' }
}

beforeAll(async () => {
  server = pgBase ? await startOnPostgres(pgBase) : await startInProcess()
  // The webhook URL a payment is created with (checkout → provider) is this server's.
  process.env.PUBLIC_URL = server.origin
  resetEnvCache()
}, 120_000)

afterAll(async () => {
  await server?.stop()
  setDatabase(undefined)
  await handle?.close()
  for (const [k, v] of Object.entries(envBefore)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
  resetEnvCache()
})

let keys = 0

/** A member with an open sandbox payment for bundle `m` (ideal), started through the real checkout. */
async function memberWithPayment(userId?: number) {
  const m = userId ? { userId } : await createMember({ country: 'NL' })
  const r = await startCheckout({ userId: m.userId, bundleId: 'm', method: 'ideal', idempotencyKey: `webhook-test-${process.pid}-${++keys}`, locale: 'en' })
  if (!r.ok) throw new Error(`checkout refused: ${r.reason}`)
  const [p] = await db().select().from(payments).where(eq(payments.id, r.paymentId))
  expect(p.providerPaymentId).toMatch(/^sbx_/)
  return { userId: m.userId, payment: p, providerId: p.providerPaymentId! }
}

const post = (path: string, body: string, contentType = 'application/x-www-form-urlencoded') =>
  fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body, signal: AbortSignal.timeout(15_000) })
const webhook = (id: string) => post('/webhooks/payments/sandbox', new URLSearchParams({ id }).toString())

async function member(userId: number) {
  const [u] = await db().select({ credits: users.credits, paidUser: users.paidUser }).from(users).where(eq(users.id, userId))
  return u
}
const purchaseRows = (paymentId: number) =>
  db()
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.idempotencyKey, `purchase:${paymentId}`))
const ledgerRows = (userId: number) => db().select().from(creditLedger).where(eq(creditLedger.userId, userId))
const bundleCredits = async () => findBundle(await getSettings(), 'NL', 'm')!.credits
// The sandbox calls the webhook later by itself too; these tests send their own calls, so its call is put off.
const LATER = { webhookDelayMs: 10 * 60_000 }

describe('POST /webhooks/payments/sandbox', () => {
  it('books a paid payment once when 10 identical notifications arrive at the same time', async () => {
    const { userId, payment, providerId } = await memberWithPayment()
    expect(await decideSandboxPayment(providerId, 'paid', LATER)).not.toBeNull()

    const answers = await Promise.all(Array.from({ length: 10 }, () => webhook(providerId)))
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200))

    const credits = await bundleCredits()
    expect(credits).toBeGreaterThan(0)
    expect(payment.credits).toBe(credits)
    expect(await purchaseRows(payment.id)).toHaveLength(1)
    expect(await ledgerRows(userId)).toHaveLength(1)
    expect(await member(userId)).toEqual({ credits, paidUser: true })
    expect(await ledgerBalance(userId)).toBe(credits)
    const [p] = await db().select({ status: payments.status, creditsBooked: payments.creditsBooked }).from(payments).where(eq(payments.id, payment.id))
    expect(p).toEqual({ status: 'paid', creditsBooked: true })
  })

  it('books a paid that follows a failed', async () => {
    const { userId, payment, providerId } = await memberWithPayment()
    await decideSandboxPayment(providerId, 'failed', LATER)
    expect((await webhook(providerId)).status).toBe(200)
    expect(await member(userId)).toEqual({ credits: 0, paidUser: false })
    const [failed] = await db().select({ status: payments.status }).from(payments).where(eq(payments.id, payment.id))
    expect(failed.status).toBe('failed')

    // The provider changes its mind (a late capture) and notifies again.
    await db().update(sandboxPayments).set({ status: 'paid' }).where(eq(sandboxPayments.id, providerId))
    expect((await webhook(providerId)).status).toBe(200)
    expect(await member(userId)).toEqual({ credits: await bundleCredits(), paidUser: true })
    expect(await purchaseRows(payment.id)).toHaveLength(1)
  })

  it('books nothing more for a stale notification replayed after the paid one', async () => {
    const { userId, payment, providerId } = await memberWithPayment()
    await decideSandboxPayment(providerId, 'paid', LATER)
    expect((await webhook(providerId)).status).toBe(200)
    const after = await member(userId)
    expect(after).toEqual({ credits: await bundleCredits(), paidUser: true })

    // Notifications carry only the id: a late or repeated one is the same request, one after the other and together.
    expect((await webhook(providerId)).status).toBe(200)
    expect((await Promise.all([webhook(providerId), webhook(providerId), webhook(providerId)])).map((r) => r.status)).toEqual([200, 200, 200])
    expect(await member(userId)).toEqual(after)
    expect(await ledgerRows(userId)).toHaveLength(1)
    const [p] = await db().select({ status: payments.status }).from(payments).where(eq(payments.id, payment.id))
    expect(p.status).toBe('paid')
  })

  it('counts one first purchase when several payments of one member are notified at the same time', async () => {
    const first = await memberWithPayment()
    const all = [first, ...(await Promise.all(Array.from({ length: 4 }, () => memberWithPayment(first.userId))))]
    for (const x of all) await decideSandboxPayment(x.providerId, 'paid', LATER)

    const answers = await Promise.all(all.flatMap((x) => [webhook(x.providerId), webhook(x.providerId)]))
    expect(answers.every((r) => r.status === 200)).toBe(true)

    const credits = await bundleCredits()
    expect(await member(first.userId)).toEqual({ credits: all.length * credits, paidUser: true })
    expect(await ledgerBalance(first.userId)).toBe(all.length * credits)
    expect(await ledgerRows(first.userId)).toHaveLength(all.length)
    const completed = await db()
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'payment.completed'), sql`(${domainEvents.payload}->>'userId')::int = ${first.userId}`))
    expect(completed).toHaveLength(all.length)
    expect(completed.filter((e) => e.payload.firstPurchase === true)).toHaveLength(1)
  })

  it('answers 404 for a payment nobody knows, and for one the provider has but we do not', async () => {
    expect((await webhook('sbx_doesnotexist123')).status).toBe(404)
    const foreign = await sandboxProvider.createPayment({
      reference: 'not-ours',
      amountMinor: 500,
      currency: 'EUR',
      description: 'not ours',
      method: 'ideal',
      redirectUrl: `${server.origin}/`,
      webhookUrl: `${server.origin}/webhooks/payments/sandbox`,
      locale: 'en',
      idempotencyKey: `foreign-${process.pid}`,
    })
    expect((await webhook(foreign.id)).status).toBe(404)
  })

  it('answers 400 for a body without a well-formed id', async () => {
    expect((await post('/webhooks/payments/sandbox', '')).status).toBe(400)
    expect((await post('/webhooks/payments/sandbox', 'payment=sbx_abc')).status).toBe(400)
    expect((await post('/webhooks/payments/sandbox', new URLSearchParams({ id: '../../etc/passwd' }).toString())).status).toBe(400)
    expect((await post('/webhooks/payments/sandbox', new URLSearchParams({ id: 'x'.repeat(101) }).toString())).status).toBe(400)
    expect((await post('/webhooks/payments/sandbox', '{"id":"sbx_abc"}', 'application/json')).status).toBe(400)
  })

  it('answers 404 for another provider name and for GET, and books nothing', async () => {
    const { userId, providerId } = await memberWithPayment()
    await decideSandboxPayment(providerId, 'paid', LATER)
    const body = new URLSearchParams({ id: providerId }).toString()
    expect((await post('/webhooks/payments/mollie', body)).status).toBe(404)
    expect((await post('/webhooks/payments/paypal', body)).status).toBe(404)
    expect((await fetch(`${server.origin}/webhooks/payments/sandbox?id=${providerId}`)).status).toBe(404)
    expect(await member(userId)).toEqual({ credits: 0, paidUser: false })
  })

  it("receives the sandbox's own delayed call over HTTP and books the payment", async () => {
    const { userId, payment, providerId } = await memberWithPayment()
    const [sp] = await db().select({ webhookUrl: sandboxPayments.webhookUrl }).from(sandboxPayments).where(eq(sandboxPayments.id, providerId))
    expect(sp.webhookUrl).toBe(`${server.origin}/webhooks/payments/sandbox`)

    await decideSandboxPayment(providerId, 'paid', { webhookDelayMs: 200 })
    const webhookJobs = () =>
      db()
        .select({ status: jobs.status, lastError: jobs.lastError })
        .from(jobs)
        .where(and(eq(jobs.name, 'sandbox.webhook'), sql`${jobs.payload}->>'id' = ${providerId}`))
    expect(await webhookJobs()).toHaveLength(1)
    // Nothing in this process books it: the server's job runner calls the webhook, the server books it.
    await until(async () => (await purchaseRows(payment.id)).length > 0, 20_000)
    expect(await member(userId)).toEqual({ credits: await bundleCredits(), paidUser: true })
    // A done job is deleted: the call was answered with a 2xx.
    await until(async () => (await webhookJobs()).length === 0, 10_000)
    expect(await purchaseRows(payment.id)).toHaveLength(1)
  }, 40_000)
})
