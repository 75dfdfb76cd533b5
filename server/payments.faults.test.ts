import { execFileSync } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decideSandboxPayment } from '#app/adapters/payments/sandbox/sandbox-provider.server'
import { startCheckout } from '#app/features/billing/checkout.server'
import { migrate, openDatabase, setDatabase, type DbHandle } from '#db/client.server'
import { createMember } from '../tests/setup/factories'
import { startCluster } from '../tests/setup/fault-cluster'
import { createTestDatabase, until } from '../tests/setup/server-process'
import { tcpProxy } from '../tests/setup/tcp-proxy'

// Issue 15, faults (docs/reliability.md): a payment webhook while the database is away, and a job whose process is
// killed while it runs. Two server processes on PostgreSQL (through a proxy the test cuts) and Redis.

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows

let handle: DbHandle
let pgProxy: Awaited<ReturnType<typeof tcpProxy>>
let cluster: Awaited<ReturnType<typeof startCluster>>

beforeAll(async () => {
  const dbUrl = new URL(await createTestDatabase(process.env.TEST_DATABASE_URL!, 'faults_pay'))
  handle = await openDatabase({ url: dbUrl.toString(), poolSize: 2 })
  await migrate(handle)
  setDatabase(handle)
  pgProxy = await tcpProxy({ host: dbUrl.hostname, port: Number(dbUrl.port || 5432) })
  const viaProxy = new URL(dbUrl)
  viaProxy.host = `127.0.0.1:${pgProxy.port}`
  cluster = await startCluster(['A', 'B'], { DATABASE_URL: viaProxy.toString(), REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: `faults-pay-${process.pid}:` })
}, 120_000)

afterAll(async () => {
  await cluster?.close()
  await pgProxy?.close()
  setDatabase(undefined)
  await handle?.close()
})

/** A member's sandbox payment that the payer has paid; the provider's own webhook call is far off. */
async function paidPayment() {
  const m = await createMember()
  const r = await startCheckout({ userId: m.userId, bundleId: 'm', method: 'ideal', idempotencyKey: crypto.randomUUID(), locale: 'en' })
  if (!r.ok) throw new Error(`checkout refused: ${r.reason}`)
  const [p] = rowsOf<{ providerId: string }>(await handle.db.execute(sql`select provider_payment_id as "providerId" from payments where id = ${r.paymentId}`))
  return { member: m, paymentId: r.paymentId, providerId: p.providerId }
}

const postWebhook = (port: number, id: string) =>
  fetch(`http://127.0.0.1:${port}/webhooks/payments/sandbox`, { method: 'POST', body: new URLSearchParams({ id }), signal: AbortSignal.timeout(15_000) }).then(
    (r) => r.status,
  )

async function bookings(paymentId: number) {
  return rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from credit_ledger where idempotency_key = ${`purchase:${paymentId}`}`))[0]
    .n
}

async function balanceMatchesLedger(userId: number) {
  const [r] = rowsOf<{ ok: boolean }>(
    await handle.db.execute(
      sql`select credits = coalesce((select sum(delta) from credit_ledger where user_id = ${userId}), 0) as ok from users where id = ${userId}`,
    ),
  )
  return r.ok
}

describe('payments and jobs under faults', () => {
  it('a webhook while the database is away is refused with 5xx (the provider retries) and booked once when it is back', async () => {
    const p = await paidPayment()
    await decideSandboxPayment(p.providerId, 'paid', { webhookDelayMs: 3600_000 })
    const [A, B] = cluster.nodes
    pgProxy.cut()
    let during: number
    try {
      during = await postWebhook(A.port, p.providerId)
    } finally {
      pgProxy.restore()
    }
    expect(during).toBeGreaterThanOrEqual(500)
    expect(during).toBeLessThan(600)
    expect(await bookings(p.paymentId)).toBe(0)
    // The provider tries again (on either process, and once more for good measure): booked once.
    expect(await postWebhook(B.port, p.providerId)).toBe(200)
    expect(await postWebhook(A.port, p.providerId)).toBe(200)
    expect(await bookings(p.paymentId)).toBe(1)
    expect(await balanceMatchesLedger(p.member.userId)).toBe(true)
  }, 60_000)

  it('a job whose process is killed while it runs runs again on the other process, once, and its effect happens once', async () => {
    // The sandbox's webhook call is a durable job. Its URL points at a relay that holds the first call open (the job
    // is under way) and passes later ones on to a process that is up.
    const calls: number[] = []
    const relay = http.createServer((req, res) => {
      const n = calls.push(Date.now())
      if (n === 1) return // held: the process that made it is killed meanwhile
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const up = cluster.nodes.find((x) => x.up)!
        fetch(`http://127.0.0.1:${up.port}/webhooks/payments/sandbox`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: Buffer.concat(chunks),
        }).then(
          (r) => res.writeHead(r.status).end(),
          () => res.writeHead(502).end(),
        )
      })
    })
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r))
    const relayPort = (relay.address() as AddressInfo).port
    try {
      const p = await paidPayment()
      await handle.db.execute(sql`update sandbox_payments set webhook_url = ${`http://127.0.0.1:${relayPort}/hook`} where id = ${p.providerId}`)
      await decideSandboxPayment(p.providerId, 'paid', { webhookDelayMs: 0 })
      await until(() => calls.length === 1, 15_000)
      // Which process holds the call: the one whose connection goes to the relay.
      const holder = Number(/pid=(\d+)/.exec(execFileSync('ss', ['-Htnp', 'state', 'established', 'dst', `127.0.0.1:${relayPort}`], { encoding: 'utf8' }))?.[1])
      const node = cluster.nodes.find((n) => n.proc?.child.pid === holder)
      expect(node, 'a server process holds the job').toBeDefined()
      await cluster.kill(node!)
      // The job's lease (the slowest job's timeout + 5 s) would run out in about a minute: let it run out now.
      await handle.db.execute(sql`update jobs set locked_until = now() where name = 'sandbox.webhook' and status = 'running'`)
      const jobLeft = async () =>
        rowsOf<{ n: number }>(
          await handle.db.execute(sql`select count(*)::int as n from jobs where name = 'sandbox.webhook' and payload->>'id' = ${p.providerId}`),
        )[0].n
      await until(async () => (await jobLeft()) === 0, 20_000)
      // Ran once more (the second call), and no third time.
      await new Promise((r) => setTimeout(r, 1500))
      expect(calls).toHaveLength(2)
      expect(await bookings(p.paymentId)).toBe(1)
      expect(await balanceMatchesLedger(p.member.userId)).toBe(true)
      await cluster.start(node!)
    } finally {
      relay.closeAllConnections()
      await new Promise((r) => relay.close(r))
    }
  }, 90_000)
})
