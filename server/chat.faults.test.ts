import http from 'node:http'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { migrate, openDatabase, setDatabase, type DbHandle } from '#db/client.server'
import { defaultSettings } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { createMember } from '../tests/setup/factories'
import { ChatClient } from '../tests/setup/chat-client'
import { startCluster, type Node } from '../tests/setup/fault-cluster'
import { startRedis } from '../tests/setup/redis-process'
import { apiLogin, createTestDatabase, until } from '../tests/setup/server-process'
import { tcpProxy } from '../tests/setup/tcp-proxy'

// Issue 15, faults (docs/reliability.md): two server processes on PostgreSQL and Redis, members on one process
// chatting with members on the other, in paid chat. Each test writes a stream of messages, puts one fault in the
// middle of it, and then checks the invariants: every message written is stored once and shown once to both
// members, in the same order as stored; every paid message has exactly one charge and every charge its message;
// every balance equals its ledger; and each catch-up after a reconnect took under 2 s. `npm run test:faults`.

const CATCH_UP_LIMIT_MS = 2000
const PAIRS = 4
// Within what a socket may send (server/ws-frame-guard.server.ts: 5 frames a second), with room for retries.
const MESSAGES = 10
const EVERY_MS = 300

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

let handle: DbHandle
let dbName: string
let pgProxy: Awaited<ReturnType<typeof tcpProxy>>
let redis: Awaited<ReturnType<typeof startRedis>>
let cluster: Awaited<ReturnType<typeof startCluster>>
let A: Node
let B: Node
const clients: ChatClient[] = []
const stops: number[] = []

beforeAll(async () => {
  const dbUrl = new URL(await createTestDatabase(process.env.TEST_DATABASE_URL!, 'faults_chat'))
  dbName = dbUrl.pathname.slice(1)
  handle = await openDatabase({ url: dbUrl.toString(), poolSize: 2 })
  await migrate(handle)
  setDatabase(handle)
  // Each member writes every test's stream (and its resends) within a few minutes: more than a member may send in a
  // minute (write_limits, app/routes/write-limits.test.ts tests that limit). The faults are the subject here.
  await updateSetting('write_limits', { ...defaultSettings.write_limits, messages_per_minute: 100_000 })
  pgProxy = await tcpProxy({ host: dbUrl.hostname, port: Number(dbUrl.port || 5432) })
  redis = await startRedis()
  const viaProxy = new URL(dbUrl)
  viaProxy.host = `127.0.0.1:${pgProxy.port}`
  cluster = await startCluster(['A', 'B'], {
    DATABASE_URL: viaProxy.toString(),
    REDIS_URL: redis.url,
    REDIS_PREFIX: 'faults:',
    SESSION_SECRET: 'faults-test-secret-0123456789abcdefghijklmnopq',
  })
  ;[A, B] = cluster.nodes
  // Pairs across the two processes; free members with credits: three free messages each, then every text costs.
  for (let i = 0; i < PAIRS; i++) {
    const her = await createMember({ name: `Her${i}`, credits: 100_000 })
    const him = await createMember({ name: `Him${i}`, gender: 'male', credits: 100_000 })
    const [herHome, himHome] = i % 2 ? [A, B] : [B, A]
    const herCookie = await apiLogin(herHome.port, her.email, her.password)
    const himCookie = await apiLogin(himHome.port, him.email, him.password)
    clients.push(new ChatClient(`her${i}`, herCookie, her.profileId, him.profileId, () => cluster.route(herHome)).start())
    clients.push(new ChatClient(`him${i}`, himCookie, him.profileId, her.profileId, () => cluster.route(himHome)).start())
  }
  await until(() => clients.every((c) => c.ready), 15_000)
}, 120_000)

afterAll(async () => {
  // What the faults cost the members, for docs/reliability.md (ids and numbers only).
  const catchUps = clients.flatMap((c) => c.catchUpMs)
  console.log(
    `faults: ${clients.reduce((n, c) => n + c.written.length, 0)} messages, ${catchUps.length} catch-ups (slowest ${Math.max(0, ...catchUps)} ms), ` +
      `${clients.reduce((n, c) => n + c.liveRepeats, 0)} live repeats merged away, stops ${JSON.stringify(stops)}`,
  )
  for (const c of clients) c.stop()
  await cluster?.close()
  await redis?.stop('SIGKILL')
  await pgProxy?.close()
  setDatabase(undefined)
  await handle?.close()
})

/** Every member writes MESSAGES messages, one each EVERY_MS; `fault` starts after a third of them. */
async function chatThrough(label: string, fault: () => Promise<void>) {
  const writing = Promise.all(
    clients.map(async (c) => {
      for (let i = 0; i < MESSAGES; i++) {
        c.send(`${label} ${i} from ${c.name}`)
        await sleep(EVERY_MS)
      }
    }),
  )
  await sleep((MESSAGES * EVERY_MS) / 3)
  await fault()
  await writing
  await settled(label)
}

interface StoredMessage {
  id: number
  conversationId: number
  senderId: number
  clientId: string
}

async function storedMessages(): Promise<StoredMessage[]> {
  return rowsOf<StoredMessage>(
    await handle.db.execute(
      sql`select id::int, conversation_id as "conversationId", sender_id as "senderId", client_id as "clientId" from messages order by id`,
    ),
  )
}

/** Waits until every message written is acknowledged and both members of each pair show their whole conversation. */
async function settled(label: string) {
  const converged = async () => {
    if (clients.some((c) => c.pending.size > 0 || !c.ready)) return false
    const stored = await storedMessages()
    return clients.every((c) => {
      const mine = stored.filter((m) => m.conversationId === c.conversationId).map((m) => m.clientId)
      return mine.length === c.view.size && mine.every((id) => c.view.has(id))
    })
  }
  await until(converged, 30_000).catch(() => {
    const state = clients
      .map((c) => `${c.name}: pending ${c.pending.size}, shown ${c.view.size}, ready ${c.ready}, received ${JSON.stringify(c.received)}`)
      .join('\n')
    throw new Error(`${label}: the members did not converge within 30 s\n${state}\n${cluster.output().slice(-6000)}`)
  })
}

/** The invariants that must hold after any fault. */
async function checkInvariants(label: string) {
  const stored = await storedMessages()
  for (const c of clients) {
    const sentByMe = stored.filter((m) => m.senderId === c.profileId)
    // Stored once: each message written exactly once, nothing else.
    expect(sentByMe.map((m) => m.clientId).sort(), `${label}: ${c.name}'s messages stored once each`).toEqual([...c.written].sort())
    // Shown once, in the order stored, the same on both sides.
    const conversation = stored.filter((m) => m.conversationId === c.conversationId).map((m) => m.clientId)
    expect(
      c.shown().map((m) => m.clientId),
      `${label}: ${c.name} shows the conversation as stored`,
    ).toEqual(conversation)
    expect(c.refusals, `${label}: ${c.name} refused`).toEqual([])
    for (const ms of c.catchUpMs) expect(ms, `${label}: ${c.name} caught up in ${ms} ms`).toBeLessThan(CATCH_UP_LIMIT_MS)
  }
  // No charge without its message, no paid message without exactly one charge of its price.
  const unpaid = rowsOf(
    await handle.db.execute(sql`
      select m.id from messages m join profiles p on p.id = m.sender_id
      where m.credits > 0 and (select count(*) from credit_ledger l
        where l.idempotency_key = 'spend:message:' || m.sender_id || ':' || m.client_id and l.user_id = p.user_id and l.delta = -m.credits) <> 1`),
  )
  expect(unpaid, `${label}: paid messages without exactly one charge`).toEqual([])
  const orphans = rowsOf(
    await handle.db.execute(sql`
      select l.id from credit_ledger l where l.reason = 'spend' and l.reference like 'message:%'
      and not exists (select 1 from messages m where 'message:' || m.client_id = l.reference and m.credits = -l.delta)`),
  )
  expect(orphans, `${label}: charges without their message`).toEqual([])
  const drift = rowsOf(
    await handle.db.execute(sql`select u.id from users u where u.credits <> coalesce((select sum(delta) from credit_ledger l where l.user_id = u.id), 0)`),
  )
  expect(drift, `${label}: balances that differ from their ledger`).toEqual([])
  const paid = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from messages where credits > 0`))[0].n
  expect(paid, `${label}: some messages were paid`).toBeGreaterThan(0)
}

describe('members chatting across two processes', () => {
  it('without a fault: the baseline', async () => {
    await chatThrough('baseline', async () => {})
    await checkInvariants('baseline')
  }, 60_000)

  it('one process killed with SIGKILL mid-stream, then started again', async () => {
    await chatThrough('sigkill', async () => {
      await cluster.kill(A)
      await sleep(500)
      await cluster.start(A)
    })
    // Its members reconnected: to the other process while it was down.
    expect(clients.filter((c) => c.closeCodes.includes(1006)).length).toBeGreaterThanOrEqual(PAIRS)
    await checkInvariants('sigkill')
  }, 90_000)

  it('Redis restarted (killed, down for 2 s, empty again)', async () => {
    const catchUpsBefore = clients.map((c) => c.catchUpMs.length)
    await chatThrough('redis', async () => {
      await redis.restart(2000)
    })
    // The sockets stayed open: each process told its members to catch up once its subscriptions were back.
    expect(clients.every((c, i) => c.catchUpMs.length > catchUpsBefore[i])).toBe(true)
    await checkInvariants('redis')
  }, 90_000)

  it('PostgreSQL unreachable for 3 s (every connection cut, new ones refused)', async () => {
    await chatThrough('pg-cut', async () => {
      pgProxy.cut()
      await sleep(3000)
      pgProxy.restore()
    })
    await checkInvariants('pg-cut')
  }, 90_000)

  it("PostgreSQL ends the processes' connections (pg_terminate_backend)", async () => {
    await chatThrough('pg-terminate', async () => {
      for (let i = 0; i < 3; i++) {
        await handle.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${dbName} and pid <> pg_backend_pid()`)
        await sleep(300)
      }
    })
    await checkInvariants('pg-terminate')
  }, 90_000)

  it('a bad network: frames delayed up to 150 ms, a third of the connections dropped twice', async () => {
    for (const n of cluster.nodes) n.frames.delay(150)
    try {
      await chatThrough('network', async () => {
        for (let i = 0; i < 2; i++) {
          for (const n of cluster.nodes) n.frames.resetShare(1 / 3)
          await sleep(600)
        }
      })
    } finally {
      for (const n of cluster.nodes) n.frames.delay(0)
    }
    await checkInvariants('network')
  }, 90_000)

  it('a rolling restart (SIGTERM A, start A, SIGTERM B, start B) with a request in flight loses nothing', async () => {
    const closesBefore = clients.map((c) => c.closeCodes.length)
    const member = await createMember({ name: 'Slow' })
    const steps: string[] = []
    onTestFinished(({ task }) => {
      if (task.result?.state !== 'pass') console.error(`rolling restart steps: ${steps.join(', ')}`)
    })
    let stopA: { code: number | null; ms: number } | undefined
    let stopB: { code: number | null; ms: number } | undefined
    let inFlight: Promise<{ status: number; cookie: string }> | undefined
    await chatThrough('rolling', async () => {
      // A login whose body arrives slowly (a phone on a bad line): under way when A is told to stop.
      const slow = slowLogin(A.port, member.email, member.password, 1500)
      inFlight = slow.done
      await slow.started
      // Each step's time, shown should the test run out of time (starting takes long on a busy machine).
      const step = async <T>(name: string, f: () => Promise<T>) => {
        const t0 = Date.now()
        const r = await f()
        steps.push(`${name} ${Date.now() - t0} ms`)
        return r
      }
      stopA = await step('stop A', () => cluster.terminate(A))
      await step('start A', () => cluster.start(A))
      stopB = await step('stop B', () => cluster.terminate(B))
      await step('start B', () => cluster.start(B))
    })
    stops.push(stopA!.ms, stopB!.ms)
    expect(stopA?.code, 'A stopped cleanly').toBe(0)
    expect(stopB?.code, 'B stopped cleanly').toBe(0)
    const answer = await Promise.race([
      inFlight!,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the request in flight got no answer')), 15_000)),
    ])
    expect(answer.status, 'the request in flight was answered').toBe(200)
    expect(answer.cookie).toMatch(/^sid=/)
    // The sockets were closed with the reconnect hint, not cut.
    const codes = clients.flatMap((c, i) => c.closeCodes.slice(closesBefore[i]))
    expect(codes.length).toBeGreaterThanOrEqual(clients.length)
    expect(codes.filter((c) => c !== 1012)).toEqual([])
    await checkInvariants('rolling')
  }, 180_000)
})

/** POST /api/user.php with the body sent in two halves `gapMs` apart; `started` once the first half is out. */
function slowLogin(port: number, email: string, password: string, gapMs: number) {
  const body = JSON.stringify({ email, password })
  let started!: () => void
  const startedP = new Promise<void>((r) => (started = r))
  const done = new Promise<{ status: number; cookie: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/user.php',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: `http://127.0.0.1:${port}` },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cookie: String(res.headers['set-cookie']?.[0] ?? '').split(';')[0] }))
      },
    )
    req.on('error', reject)
    req.write(body.slice(0, 10))
    // Give the server the headers and the first bytes before the stop begins.
    setTimeout(started, 200)
    setTimeout(() => req.end(body.slice(10)), gapMs)
  })
  return { started: startedP, done }
}
