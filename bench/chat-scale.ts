/**
 * `npm run bench` (last): chat at issue 14's scale, each figure beside a baseline measured in the same run.
 *   (a) one server process, 500 sender/receiver pairs, offered load stepping up (500 … 2,000 msg/s; every sender
 *       under the hub's per-socket limit of 5 frames/s, server/ws-frame-guard.server.ts);
 *   (b) two server processes on one PostgreSQL database joined by Redis, 2,000 connected members (1,000 pairs,
 *       senders on one process, receivers on the other), 1,000 msg/s for 60 s;
 *   (c) memory per idle socket: RSS of a server process before and after N authenticated idle sockets.
 * Baseline: bench/bare-relay.mjs, a bare `ws` server (two joined by Redis for (b)) doing the same socket traffic.
 * Also counts the database statements per message (bench/pg-counter.ts) on a short run of its own.
 * Writes its section of bench/RESULTS.md. Runnable alone: `node --import tsx bench/chat-scale.ts`.
 *
 *   (overload) one server process past saturation (2,000 and 3,000 msg/s offered, 1,000 pairs): the load generator
 *       answers the server's slow_down as the product's client does (app/features/chat/send-hold.ts), so every
 *       message must arrive once and be charged once however long it waits;
 * Knobs (environment): BENCH_SCALE_PARTS (default "a,overload,b,c,statements"), BENCH_SCALE_RATES ("500,1000,1500,2000"),
 * BENCH_SCALE_OVERLOAD_RATES ("2000,3000"), BENCH_SCALE_OVERLOAD_PAIRS (1000),
 * BENCH_SCALE_STEP_S (8), BENCH_SCALE_PAIRS (500), BENCH_SCALE_MULTI_S (60), BENCH_SCALE_MULTI_BASE_S (20),
 * BENCH_SCALE_MULTI_RATE (1000), BENCH_SCALE_IDLE (2000), BENCH_SCALE_CPU_PROF (a directory: the (a) server runs
 * under --cpu-prof and writes its profile there), BENCH_SCALE_WRITE (0: do not write RESULTS.md).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import crypto, { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'
import type { ServerEvent } from '#app/features/chat/chat-events'
import { createSendHold, type SendHold } from '#app/features/chat/send-hold'
import { percentile } from './chat'
import { startStatementCounter } from './pg-counter'
import { machine, machineLine } from './report'
import { cpuMsOf, memoryOf, waitIdle } from './server-process'
import { BENCH_CREDITS, createBenchDatabase, ensureBuild, ROOT, seedBenchDatabase, startServer, type Member, type RunningServer } from './setup'
import { benchCleanup } from './cleanup'

const num = (name: string, d: number) => (process.env[name] ? Number(process.env[name]) : d)
const PARTS = new Set((process.env.BENCH_SCALE_PARTS ?? 'a,overload,b,c,statements').split(',').map((s) => s.trim()))
const RATES = (process.env.BENCH_SCALE_RATES ?? '500,1000,1500,2000').split(',').map(Number)
const STEP_S = num('BENCH_SCALE_STEP_S', 8)
const PAIRS = num('BENCH_SCALE_PAIRS', 500)
const MULTI_S = num('BENCH_SCALE_MULTI_S', 60)
const MULTI_BASE_S = num('BENCH_SCALE_MULTI_BASE_S', 20)
const MULTI_RATE = num('BENCH_SCALE_MULTI_RATE', 1000)
const IDLE = num('BENCH_SCALE_IDLE', 2000)
// Past saturation (issue 26): more pairs, so that 3,000 msg/s stays under the hub's per-socket limit.
const OVERLOAD_RATES = (process.env.BENCH_SCALE_OVERLOAD_RATES ?? '2000,3000').split(',').map(Number)
const OVERLOAD_PAIRS = num('BENCH_SCALE_OVERLOAD_PAIRS', 1000)
const MEMBERS = num('BENCH_SCALE_MEMBERS', Math.max(2 * PAIRS, 2 * OVERLOAD_PAIRS, 2000, IDLE))
const CPU_PROF = process.env.BENCH_SCALE_CPU_PROF
const WRITE = process.env.BENCH_SCALE_WRITE !== '0'
// The hub's per-socket limit (server/ws-frame-guard.server.ts): 5 frames/s after a burst of 20.
const HUB_LIMIT_PER_S = 5
const DRAIN_MS = 20_000
const OVERALL_TIMEOUT_MS = 15 * 60_000

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'

process.chdir(ROOT)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'))
const sessionSecret = crypto.createHash('sha256').update('dating-chat bench session secret').digest('hex').slice(0, 48)
process.env.SESSION_SECRET = sessionSecret
process.env.DATA_DIR = dataDir
process.env.LOG_LEVEL = 'warn'
delete process.env.REDIS_URL

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const step = (s: string) => console.log(`- ${s}`)
const load1 = () => os.loadavg()[0]
const fmt = (v: number) => (Number.isFinite(v) ? `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms` : 'n/a')

const { cleanups, cleanup } = benchCleanup('bench/chat-scale.ts', OVERALL_TIMEOUT_MS)

// ---------------------------------------------------------------------------------------------------------------
// The load generator: sockets opened once per part, steps of a fixed offered rate run on them one after another.

interface Pair {
  sender: Member
  receiver: Member
  s: WebSocket
  r: WebSocket
}

export interface StepFigures {
  label: string
  offered: number
  perSender: number
  durationS: number
  sent: number
  delivered: number
  lost: number
  duplicates: number
  errors: Record<string, number>
  /** Times the server told a sender to slow down, and frames sent again after the wait. */
  slowDowns: number
  resends: number
  throughput: number
  p50: number
  p99: number
  max: number
  ackP99: number
  load: number
  /** CPU of the server process(es) over the step, in cores (null for none known). */
  serverCores: number | null
  benchCores: number
  /** CPU of the PostgreSQL backends serving the bench database over the step, in cores. */
  dbCores: number | null
  /** Server and database CPU time per delivered message, in ms. */
  serverMsPerMessage: number | null
  dbMsPerMessage: number | null
}

interface StepState {
  sentAt: Map<string, number>
  delivered: Set<string>
  acked: Set<string>
  latencies: number[]
  ackLatencies: number[]
  duplicates: number
  errors: Record<string, number>
  /** Per pair: the frames written, held while the server asks to wait, and sent again after it. */
  frames: Map<string, string>
  holds: SendHold[]
  slowDowns: number
  resends: number
  lastReceipt: number
  total: number
  done: () => void
}

function openSocket(origin: string, token: string, timeoutMs = 30_000): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(origin.replace(/^http/, 'ws') + '/ws', { headers: { Cookie: `sid=${token}`, Origin: origin }, handshakeTimeout: timeoutMs })
    const timer = setTimeout(() => {
      ws.terminate()
      reject(new Error('socket not ready in time'))
    }, timeoutMs)
    // Ready means subscribed (server/ws-hub.server.ts): from then on nothing published for the member is missed.
    const onReady = (raw: WebSocket.RawData) => {
      if (!String(raw).includes('"ready"')) return
      ws.off('message', onReady)
      clearTimeout(timer)
      resolve(ws)
    }
    ws.on('message', onReady)
    ws.once('unexpected-response', (_req, res) => {
      clearTimeout(timer)
      reject(new Error(`socket upgrade refused: ${res.statusCode}`))
    })
    ws.once('error', (e) => {
      clearTimeout(timer)
      reject(e)
    })
  })
}

/** Opens `tokens.length` sockets, `concurrency` at a time. */
async function openMany(origins: string[], tokens: string[], concurrency = 40): Promise<WebSocket[]> {
  const out: WebSocket[] = new Array(tokens.length)
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tokens.length) {
        const i = next++
        out[i] = await openSocket(origins[i], tokens[i])
      }
    }),
  )
  return out
}

class Load {
  private state: StepState | null = null
  constructor(readonly pairs: Pair[]) {
    for (const [i, { sender, s, r }] of pairs.entries()) {
      r.on('message', (raw) => {
        const st = this.state
        if (!st) return
        const now = performance.now()
        const ev = JSON.parse(String(raw)) as ServerEvent
        if (ev.type !== 'message' || ev.message.senderId !== sender.profileId) return
        const t = st.sentAt.get(ev.message.clientId)
        if (t === undefined) return
        if (st.delivered.has(ev.message.clientId)) return void st.duplicates++
        st.delivered.add(ev.message.clientId)
        st.latencies.push(now - t)
        st.lastReceipt = now
        if (st.delivered.size === st.total) st.done()
      })
      s.on('message', (raw) => {
        const st = this.state
        if (!st) return
        const now = performance.now()
        const ev = JSON.parse(String(raw)) as ServerEvent
        if (ev.type === 'ack') {
          const t = st.sentAt.get(ev.clientId)
          if (t !== undefined && !st.acked.has(ev.clientId)) {
            st.acked.add(ev.clientId)
            st.ackLatencies.push(now - t)
          }
        } else if (ev.type === 'slow_down') {
          st.slowDowns++
          st.holds[i].slowDown(ev.clientId, ev.retryAfterMs)
        } else if (ev.type === 'error') st.errors[ev.code] = (st.errors[ev.code] ?? 0) + 1
      })
      for (const ws of [s, r]) {
        ws.on('error', (e) => this.state && (this.state.errors[`socket: ${e.message}`] = (this.state.errors[`socket: ${e.message}`] ?? 0) + 1))
        ws.on('close', () => this.state && (this.state.errors['socket closed'] = (this.state.errors['socket closed'] ?? 0) + 1))
      }
    }
  }

  /** `offered` messages per second in all, spread evenly over the senders, for `durationS` seconds. */
  async run(label: string, offered: number, durationS: number, serverPids: number[]): Promise<StepFigures> {
    const perSender = offered / this.pairs.length
    if (perSender >= HUB_LIMIT_PER_S) throw new Error(`${perSender}/s per sender is at or over the hub's per-socket limit`)
    const count = Math.max(1, Math.round(perSender * durationS))
    let done: () => void = () => {}
    const allDone = new Promise<void>((r) => (done = r))
    const st: StepState = {
      sentAt: new Map(),
      delivered: new Set(),
      acked: new Set(),
      latencies: [],
      ackLatencies: [],
      duplicates: 0,
      errors: {},
      frames: new Map(),
      holds: [],
      slowDowns: 0,
      resends: 0,
      lastReceipt: 0,
      total: count * this.pairs.length,
      done,
    }
    st.holds = this.pairs.map(({ s }) =>
      createSendHold((clientId) => {
        const frame = st.frames.get(clientId)
        if (!frame || st.acked.has(clientId) || s.readyState !== WebSocket.OPEN) return
        st.resends++
        s.send(frame)
      }),
    )
    this.state = st
    const load = load1()
    const cpu0 = serverPids.map(cpuMsOf)
    const db0 = await databaseCpu()
    const bench0 = process.cpuUsage()
    const wall0 = performance.now()
    const interval = 1000 / perSender
    const start = performance.now() + 50
    let firstSend = Infinity
    await Promise.all(
      this.pairs.map(
        ({ receiver, s }, i) =>
          new Promise<void>((resolve) => {
            const offset = Math.random() * interval
            let k = 0
            const next = () => {
              if (k >= count || s.readyState !== WebSocket.OPEN) return resolve()
              const clientId = randomUUID()
              const t = performance.now()
              firstSend = Math.min(firstSend, t)
              st.sentAt.set(clientId, t)
              const frame = JSON.stringify({ type: 'send', toProfileId: receiver.profileId, clientId, body: `scale message ${k + 1} of ${count}` })
              st.frames.set(clientId, frame)
              // Written while the server asked to wait: held and sent after the wait, as the product's client does.
              if (!st.holds[i].holds(clientId)) s.send(frame)
              k++
              setTimeout(next, Math.max(0, start + offset + k * interval - performance.now()))
            }
            setTimeout(next, Math.max(0, start + offset - performance.now()))
          }),
      ),
    )
    // Past saturation the queue drains for a while after the last send: wait while deliveries keep coming.
    let timer: NodeJS.Timeout | undefined
    const stalled = new Promise<void>((r) => {
      let seen = -1
      const check = () => {
        if (st.delivered.size === seen) return r()
        seen = st.delivered.size
        timer = setTimeout(check, DRAIN_MS)
      }
      check()
    })
    await Promise.race([allDone, stalled])
    clearTimeout(timer)
    for (const h of st.holds) h.dispose()
    const wall = performance.now() - wall0
    const bench = process.cpuUsage(bench0)
    const serverMs = serverPids.reduce((n, pid, i) => n + cpuMsOf(pid) - cpu0[i], 0)
    const db1 = await databaseCpu()
    let dbMs = 0
    for (const [pid, ms] of db1) dbMs += ms - (db0.get(pid) ?? 0)
    // Acks still on their way are not counted as errors; give the sockets a moment before the next step.
    await sleep(300)
    this.state = null
    st.latencies.sort((a, b) => a - b)
    st.ackLatencies.sort((a, b) => a - b)
    return {
      label,
      offered,
      perSender,
      durationS,
      sent: st.sentAt.size,
      delivered: st.delivered.size,
      lost: st.sentAt.size - st.delivered.size,
      duplicates: st.duplicates,
      errors: st.errors,
      slowDowns: st.slowDowns,
      resends: st.resends,
      throughput: st.delivered.size && st.lastReceipt > firstSend ? st.delivered.size / ((st.lastReceipt - firstSend) / 1000) : NaN,
      p50: percentile(st.latencies, 0.5),
      p99: percentile(st.latencies, 0.99),
      max: st.latencies[st.latencies.length - 1] ?? NaN,
      ackP99: percentile(st.ackLatencies, 0.99),
      load,
      serverCores: serverPids.length ? serverMs / wall : null,
      benchCores: (bench.user + bench.system) / 1000 / wall,
      dbCores: db0.size ? dbMs / wall : null,
      serverMsPerMessage: serverPids.length && st.delivered.size ? serverMs / st.delivered.size : null,
      dbMsPerMessage: db0.size && st.delivered.size ? dbMs / st.delivered.size : null,
    }
  }
}

/**
 * CPU time (ms) of each PostgreSQL backend connected to the bench database, by pid (the server's pool keeps its
 * connections; a backend that ends during a step takes its time with it, so this is a lower bound).
 */
async function databaseCpu(): Promise<Map<number, number>> {
  const out = new Map<number, number>()
  try {
    const { db } = await import('#db/client.server')
    const { sql } = await import('drizzle-orm')
    const r = (await db().execute(sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)) as unknown as {
      rows: { pid: number }[]
    }
    for (const { pid } of r.rows) {
      try {
        out.set(pid, cpuMsOf(pid))
      } catch {
        // ended meanwhile
      }
    }
  } catch {
    // no database handle in this process
  }
  return out
}

function printStep(f: StepFigures) {
  const errs = Object.entries(f.errors)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ')
  console.log(
    `  ${f.label}: offered ${f.offered}/s (${f.perSender.toFixed(2)}/s per sender), delivered ${f.throughput.toFixed(0)}/s, p50 ${fmt(f.p50)}, p99 ${fmt(f.p99)}, max ${fmt(f.max)}, ` +
      `lost ${f.lost} of ${f.sent}, duplicates ${f.duplicates}${errs ? `, errors ${errs}` : ''}, told to slow down ${f.slowDowns}× (${f.resends} sent again); load ${f.load.toFixed(2)}, server ${f.serverCores?.toFixed(2) ?? '-'} cores, database ${f.dbCores?.toFixed(2) ?? '-'} cores, bench ${f.benchCores.toFixed(2)} cores`,
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Baseline servers

interface Relay {
  origin: string
  pid: number
  output(): string
  stop(): Promise<void>
}

async function startRelay(tokensFile: string, opts: { redis?: { url: string; channel: string }; nodeArgs?: string[] } = {}): Promise<Relay> {
  const args = [...(opts.nodeArgs ?? []), path.join(ROOT, 'bench/bare-relay.mjs'), tokensFile, ...(opts.redis ? [opts.redis.url, opts.redis.channel] : [])]
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  let out = ''
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (b: Buffer) => {
      out = (out + b.toString()).slice(-20_000)
      const m = /PORT (\d+)/.exec(out)
      if (m) resolve(Number(m[1]))
    })
    child.once('exit', (code) => reject(new Error(`bare relay exited with ${code}`)))
  })
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => out,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

// ---------------------------------------------------------------------------------------------------------------

interface MemoryFigures {
  label: string
  sockets: number
  rssBeforeMiB: number
  rssAfterMiB: number
  perSocketKB: number
  /** V8 heap used + external memory (ArrayBuffers, Buffers) per socket, from process.memoryUsage() after the GC. */
  heapPerSocketKB: number
  rounds: number[]
  load: number
}

/**
 * RSS growth per idle socket, twice, each time on a fresh process (`start`), the lower of the two: settle (a full
 * GC), read; open N sockets, settle, read.
 */
async function memoryPerSocket(
  label: string,
  start: () => Promise<{ pid: number; origin: string; output(): string; stop(): Promise<void> }>,
  tokens: string[],
): Promise<MemoryFigures> {
  const settled = async (p: { pid: number; output(): string }) => {
    await sleep(1500)
    process.kill(p.pid, 'SIGUSR2')
    await sleep(1500)
    const lines = p.output().match(/BENCH_MEMORY (\{.*\})/g) ?? []
    const usage = lines.length ? (JSON.parse(lines[lines.length - 1].slice('BENCH_MEMORY '.length)) as NodeJS.MemoryUsage) : null
    return { rss: memoryOf(p.pid).rssMiB, heapKB: usage ? (usage.heapUsed + usage.external) / 1024 : NaN }
  }
  const load = load1()
  const rounds: { before: number; after: number; perSocket: number; heapPerSocket: number }[] = []
  for (let round = 0; round < 2; round++) {
    const p = await start()
    try {
      await waitIdle(p.pid, 10_000)
      const before = await settled(p)
      const sockets = await openMany(
        tokens.map(() => p.origin),
        tokens,
      )
      const after = await settled(p)
      rounds.push({
        before: before.rss,
        after: after.rss,
        perSocket: ((after.rss - before.rss) * 1024) / tokens.length,
        heapPerSocket: (after.heapKB - before.heapKB) / tokens.length,
      })
      for (const ws of sockets) ws.terminate()
    } finally {
      await p.stop()
    }
  }
  const best = rounds.reduce((a, b) => (b.perSocket < a.perSocket ? b : a))
  return {
    label,
    sockets: tokens.length,
    rssBeforeMiB: best.before,
    rssAfterMiB: best.after,
    perSocketKB: best.perSocket,
    heapPerSocketKB: Math.min(...rounds.map((r) => r.heapPerSocket)),
    rounds: rounds.map((r) => r.perSocket),
    load,
  }
}

// ---------------------------------------------------------------------------------------------------------------

async function checkLedger(senders: Member[]): Promise<string> {
  const { db } = await import('#db/client.server')
  const { sql } = await import('drizzle-orm')
  const ids = senders.map((s) => s.userId)
  const r = (await db().execute(sql`
    select u.id, u.credits, coalesce((select sum(l.delta) from credit_ledger l where l.user_id = u.id), 0)::int as ledger,
      coalesce((select sum(m.credits) from messages m join profiles p on p.id = m.sender_id where p.user_id = u.id), 0)::int as paid,
      coalesce((select -sum(l.delta) from credit_ledger l where l.user_id = u.id and l.reason = 'spend'), 0)::int as spent,
      (select count(*) from messages m join profiles p on p.id = m.sender_id where p.user_id = u.id and m.credits > 0)::int as paidMessages,
      (select count(*) from credit_ledger l where l.user_id = u.id and l.reason = 'spend')::int as charges
    from users u where u.id = any(${`{${ids.join(',')}}`}::int[])`)) as unknown as {
    rows: { id: number; credits: number; ledger: number; paid: number; spent: number; paidmessages: number; charges: number }[]
  }
  const bad = r.rows.filter(
    (x) => x.credits !== x.ledger || x.paid !== x.spent || x.credits < 0 || x.credits !== BENCH_CREDITS - x.spent || x.paidmessages !== x.charges,
  )
  const charges = r.rows.reduce((n, x) => n + x.charges, 0)
  const line = `${charges} charges of ${r.rows.length} senders: every paid message has exactly one charge and every balance equals its ledger: ${bad.length === 0 ? 'yes' : `NO (${bad.length} members)`}`
  if (bad.length) throw new Error(line)
  return line
}

async function main() {
  const loadAtStart = load1()
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }))
  ensureBuild()
  step(`creating database; seeding ${MEMBERS} members (load ${loadAtStart.toFixed(2)})`)
  const database = await createBenchDatabase(adminUrl)
  cleanups.push(() => database.drop())
  const seeded = await seedBenchDatabase(database.url, { profiles: 0, members: MEMBERS })
  cleanups.push(() => seeded.close())
  const members = seeded.members
  const tokensFile = path.join(dataDir, 'tokens.json')
  fs.writeFileSync(tokensFile, JSON.stringify(Object.fromEntries(members.map((m) => [m.token, m.profileId]))))
  // Members pair up man/woman (the seed alternates genders), so every message is one the product accepts.
  const pairsOf = (n: number): [Member, Member][] => Array.from({ length: n }, (_, i) => [members[2 * i], members[2 * i + 1]])
  const serverEnv = { DATABASE_URL: database.url, SESSION_SECRET: sessionSecret, DATA_DIR: dataDir }

  const single: StepFigures[] = []
  const singleBase: StepFigures[] = []
  const overload: StepFigures[] = []
  const overloadBase: StepFigures[] = []
  const overloadLedger: string[] = []
  const multi: StepFigures[] = []
  const memory: MemoryFigures[] = []
  let statements: { perMessage: number; lines: string[] } | null = null
  let ledger = ''

  const runPart = async (
    label: string,
    base: boolean,
    origins: [string, string],
    rates: number[],
    durationS: number,
    pids: number[],
    n: number,
    into: StepFigures[],
    output?: () => string,
    afterStep?: (f: StepFigures, senders: Member[]) => Promise<void>,
  ) => {
    const pairs = pairsOf(n)
    const sockets = await openMany(
      pairs.flatMap(() => origins),
      pairs.flatMap(([s, r]) => [s.token, r.token]),
    )
    try {
      const load = new Load(pairs.map(([sender, receiver], i) => ({ sender, receiver, s: sockets[2 * i], r: sockets[2 * i + 1] })))
      // A short warm-up (JIT, connection pool, statement caches) that is not measured.
      await load.run('warm-up', Math.min(rates[0], n), 2, pids)
      for (const rate of rates) {
        const f = await load.run(`${label}${base ? ' (baseline)' : ''}`, rate, durationS, pids)
        printStep(f)
        into.push(f)
        const log = output?.().trim()
        if (log && Object.keys(f.errors).length) console.log(`  server output (tail):\n${log.slice(-1500).replace(/^/gm, '    ')}`)
        await afterStep?.(
          f,
          pairs.map(([sender]) => sender),
        )
      }
    } finally {
      for (const ws of sockets) ws.terminate()
    }
  }

  if (PARTS.has('a')) {
    step(`(a) one process, ${PAIRS} pairs, ${RATES.join(', ')} msg/s offered, ${STEP_S} s each`)
    const relay = await startRelay(tokensFile)
    try {
      await runPart('bare ws relay', true, [relay.origin, relay.origin], RATES, STEP_S, [relay.pid], PAIRS, singleBase)
    } finally {
      await relay.stop()
    }
    const nodeArgs = CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF, '--cpu-prof-name', 'chat-scale-a.cpuprofile'] : []
    const server: RunningServer = await startServer(serverEnv, { nodeArgs })
    try {
      await waitIdle(server.child.pid!, 10_000)
      await runPart('server', false, [server.origin, server.origin], RATES, STEP_S, [server.child.pid!], PAIRS, single, server.output)
    } finally {
      await server.stop()
    }
  }

  if (PARTS.has('overload')) {
    step(`(overload) one process, ${OVERLOAD_PAIRS} pairs, ${OVERLOAD_RATES.join(', ')} msg/s offered, ${STEP_S} s each`)
    const relay = await startRelay(tokensFile)
    try {
      await runPart('bare ws relay', true, [relay.origin, relay.origin], OVERLOAD_RATES, STEP_S, [relay.pid], OVERLOAD_PAIRS, overloadBase)
    } finally {
      await relay.stop()
    }
    const server: RunningServer = await startServer(serverEnv)
    try {
      await waitIdle(server.child.pid!, 10_000)
      await runPart(
        'server',
        false,
        [server.origin, server.origin],
        OVERLOAD_RATES,
        STEP_S,
        [server.child.pid!],
        OVERLOAD_PAIRS,
        overload,
        server.output,
        async (f, senders) => {
          // Exactly once after each step: every message stored once (no duplicates above), every charge booked once.
          const line = `after ${f.offered}/s: ${await checkLedger(senders)}`
          console.log(`  ${line}`)
          overloadLedger.push(line)
        },
      )
    } finally {
      await server.stop()
    }
  }

  if (PARTS.has('b')) {
    const n = MEMBERS / 2
    step(`(b) two processes + Redis, ${n} pairs (senders on one, receivers on the other), ${MULTI_RATE} msg/s, ${MULTI_S} s (baseline ${MULTI_BASE_S} s)`)
    const channel = `bench-scale-relay-${process.pid}`
    const relays = [await startRelay(tokensFile, { redis: { url: redisUrl, channel } }), await startRelay(tokensFile, { redis: { url: redisUrl, channel } })]
    try {
      await runPart(
        'two bare ws relays + Redis',
        true,
        [relays[0].origin, relays[1].origin],
        [MULTI_RATE],
        MULTI_BASE_S,
        relays.map((r) => r.pid),
        n,
        multi,
      )
    } finally {
      await Promise.all(relays.map((r) => r.stop()))
    }
    const env = { ...serverEnv, REDIS_URL: redisUrl, REDIS_PREFIX: `bench-scale-${process.pid}:` }
    const servers = await Promise.all([startServer(env), startServer(env)])
    try {
      await Promise.all(servers.map((s) => waitIdle(s.child.pid!, 10_000)))
      await runPart(
        'two servers + Redis',
        false,
        [servers[0].origin, servers[1].origin],
        [MULTI_RATE],
        MULTI_S,
        servers.map((s) => s.child.pid!),
        n,
        multi,
        () => servers.map((s) => s.output()).join('\n'),
      )
    } finally {
      await Promise.all(servers.map((s) => s.stop()))
    }
  }

  if (PARTS.has('a') || PARTS.has('b'))
    ledger = await checkLedger(members.slice(0, 2 * Math.max(PAIRS, PARTS.has('b') ? MEMBERS / 2 : 0)).filter((_, i) => i % 2 === 0))

  if (PARTS.has('c')) {
    const tokens = members.slice(0, IDLE).map((m) => m.token)
    step(`(c) memory per idle socket, ${IDLE} sockets`)
    const gcArgs = ['--expose-gc', '--import', './bench/gc-on-signal.mjs']
    memory.push(await memoryPerSocket('bare ws relay (baseline)', () => startRelay(tokensFile, { nodeArgs: ['--expose-gc'] }), tokens))
    for (const [label, env] of [
      ['server, Redis bus', { ...serverEnv, REDIS_URL: redisUrl, REDIS_PREFIX: `bench-scale-mem-${process.pid}:` }],
      ['server, in-memory bus', serverEnv],
    ] as const) {
      memory.push(
        await memoryPerSocket(
          label,
          async () => {
            const s = await startServer(env, { nodeArgs: gcArgs })
            return { pid: s.child.pid!, origin: s.origin, output: s.output, stop: () => s.stop() }
          },
          tokens,
        ),
      )
    }
    for (const m of memory)
      console.log(
        `  ${m.label}: ${m.perSocketKB.toFixed(1)} KB RSS, ${m.heapPerSocketKB.toFixed(1)} KB heap + external per idle socket (rounds ${m.rounds.map((r) => r.toFixed(1)).join(', ')} KB; RSS ${m.rssBeforeMiB.toFixed(0)} → ${m.rssAfterMiB.toFixed(0)} MiB); load ${m.load.toFixed(2)}`,
      )
  }

  if (PARTS.has('statements')) {
    // Statements per message, counted at the wire: a short run through a counting proxy, less what the idle server
    // sends in as long a time without messages (the job runner's poll).
    const n = 50
    const perSender = 2
    step(`statements per message: ${n} pairs, ${perSender} messages each, through bench/pg-counter.ts`)
    const url = new URL(database.url)
    const counter = await startStatementCounter(url.hostname, Number(url.port || 5432))
    cleanups.push(() => counter.close())
    url.hostname = '127.0.0.1'
    url.port = String(counter.port)
    const server = await startServer({ ...serverEnv, DATABASE_URL: url.toString() })
    try {
      await waitIdle(server.child.pid!, 10_000)
      const pairs = pairsOf(n)
      const sockets = await openMany(
        pairs.flatMap(() => [server.origin, server.origin]),
        pairs.flatMap(([s, r]) => [s.token, r.token]),
      )
      const load = new Load(pairs.map(([sender, receiver], i) => ({ sender, receiver, s: sockets[2 * i], r: sockets[2 * i + 1] })))
      await load.run('warm-up', n, 1, [])
      await sleep(1000)
      counter.reset()
      const t0 = performance.now()
      await sleep(3000)
      const idleCounts = new Map(counter.counts)
      const idleMs = performance.now() - t0
      counter.reset()
      const t1 = performance.now()
      const f = await load.run('counted', n, perSender, [])
      await sleep(1500)
      const busyMs = performance.now() - t1
      const counts = new Map(counter.counts)
      for (const ws of sockets) ws.terminate()
      const lines: string[] = []
      let total = 0
      for (const [text, c] of [...counts.entries()].sort((a, b) => b[1] - a[1])) {
        const extra = c - ((idleCounts.get(text) ?? 0) * busyMs) / idleMs
        const per = extra / f.delivered
        if (per < 0.05) continue
        total += per
        lines.push(`${per.toFixed(2)} × ${text.length > 160 ? text.slice(0, 157) + '...' : text}`)
      }
      statements = { perMessage: total, lines }
      console.log(`  ${total.toFixed(1)} statements per message (${f.delivered} messages):`)
      for (const l of lines) console.log(`    ${l}`)
    } finally {
      await server.stop()
    }
  }

  const m = machine(`PostgreSQL ${seeded.serverVersion} (local, loopback), Redis (local)`)
  console.log(`\nMachine: ${machineLine(m)}; load average at start ${loadAtStart.toFixed(2)}`)
  if (ledger) console.log(`  ${ledger}`)
  const md = markdown({ single, singleBase, overload, overloadBase, overloadLedger, multi, memory, statements, machine: machineLine(m), ledger, loadAtStart })
  console.log(`\n${md}`)
  if (WRITE) {
    const file = path.join(ROOT, 'bench/RESULTS.md')
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''
    fs.writeFileSync(
      file,
      current.includes('<!-- chat-scale:start -->')
        ? current.replace(/<!-- chat-scale:start -->[\s\S]*<!-- chat-scale:end -->/, md)
        : `${current.trimEnd()}\n\n${md}\n`,
    )
    console.log('\nWritten to bench/RESULTS.md')
  }
  const lost = [...single, ...overload, ...multi].filter((f) => f.lost || f.duplicates)
  if (lost.length) console.error(`\nwarning: messages lost or duplicated in ${lost.map((f) => `${f.label} at ${f.offered}/s`).join(', ')}`)
}

function markdown(r: {
  single: StepFigures[]
  singleBase: StepFigures[]
  overload: StepFigures[]
  overloadBase: StepFigures[]
  overloadLedger: string[]
  multi: StepFigures[]
  memory: MemoryFigures[]
  statements: { perMessage: number; lines: string[] } | null
  machine: string
  ledger: string
  loadAtStart: number
}): string {
  const date = new Date().toISOString().slice(0, 10)
  const errs = (f: StepFigures) =>
    [...Object.entries(f.errors).map(([k, v]) => `${k}: ${v}`), ...(f.duplicates ? [`${f.duplicates} duplicates`] : [])].join(', ') || 'none'
  const stepTable = (title: string, runs: StepFigures[]) =>
    [
      `| ${date}, ${title} | ${runs.map((f) => f.label).join(' | ')} |`,
      `|---|${runs.map(() => '---:').join('|')}|`,
      `| offered (per sender) | ${runs.map((f) => `${f.offered}/s (${f.perSender.toFixed(2)}/s)`).join(' | ')} |`,
      `| **delivered** | ${runs.map((f) => `**${f.throughput.toFixed(0)}/s**`).join(' | ')} |`,
      `| delivery p50 | ${runs.map((f) => fmt(f.p50)).join(' | ')} |`,
      `| **delivery p99** | ${runs.map((f) => `**${fmt(f.p99)}**`).join(' | ')} |`,
      `| delivery max | ${runs.map((f) => fmt(f.max)).join(' | ')} |`,
      `| sender ack p99 | ${runs.map((f) => fmt(f.ackP99)).join(' | ')} |`,
      `| **lost** of sent | ${runs.map((f) => `**${f.lost}** of ${f.sent}`).join(' | ')} |`,
      `| errors | ${runs.map(errs).join(' | ')} |`,
      `| told to slow down (sent again) | ${runs.map((f) => `${f.slowDowns} (${f.resends})`).join(' | ')} |`,
      `| CPU: server(s) / PostgreSQL / load generator | ${runs.map((f) => `${f.serverCores?.toFixed(2) ?? '-'} / ${f.dbCores?.toFixed(2) ?? '-'} / ${f.benchCores.toFixed(2)} cores`).join(' | ')} |`,
      `| CPU per delivered message: server(s) / PostgreSQL | ${runs.map((f) => `${f.serverMsPerMessage?.toFixed(2) ?? '-'} / ${f.dbMsPerMessage?.toFixed(2) ?? '-'} ms`).join(' | ')} |`,
      `| load average (1 min) at step start | ${runs.map((f) => f.load.toFixed(2)).join(' | ')} |`,
    ].join('\n')
  const interleave = (base: StepFigures[], runs: StepFigures[]) =>
    Array.from({ length: Math.max(base.length, runs.length) }, (_, i) => [base[i], runs[i]])
      .flat()
      .filter((f): f is StepFigures => !!f)
  const interleaved = interleave(r.singleBase, r.single)
  const parts = [
    '<!-- chat-scale:start -->',
    '## Chat at scale (issue 14): one process, two processes + Redis, memory per idle socket',
    '',
    `Produced by \`node --import tsx bench/chat-scale.ts\` (the last step of \`npm run bench\`). Method: a fresh PostgreSQL database with ${MEMBERS} member accounts (sessions created directly, ${BENCH_CREDITS.toLocaleString('en')} credits each), product default settings (3 free messages, then 10 credits a message, booked on the ledger in the message's transaction); the production build (\`node server/index.js\`, NODE_ENV=production, SUPERVISE=0, LOG_LEVEL=warn) on loopback ports; load generator, servers, PostgreSQL and Redis share the machine. Sockets are opened first (40 at a time, each counted once the hub says \`ready\`), then each sender writes to its partner on a fixed schedule (random offset per sender), always under the hub's per-socket limit of ${HUB_LIMIT_PER_S} frames/s; an unmeasured 2 s warm-up precedes each part. Delivery latency = the receiver's \`message\` event − the sender's \`ws.send()\`, one clock (the load generator's process). Delivered/s = messages delivered ÷ (last delivery − first send). Lost = sent but not delivered when no delivery came for ${DRAIN_MS / 1000} s after the last send. Baseline, in the same run, just before: \`bench/bare-relay.mjs\`, a bare \`ws\` server (node:http + ws, no database) authenticating sockets by the same cookies and sending the same frames (ack to the sender; message and counts to the receiver; message to the sender's sockets), two of them joined by one Redis channel for (b). Memory per idle socket: VmRSS of the process (started with \`--expose-gc\`; a full GC on SIGUSR2, bench/gc-on-signal.mjs) before and after ${IDLE} authenticated idle sockets, divided by ${IDLE}; done twice, each on a fresh process, and the lower taken. CPU columns: the processes' user+system time over the step ÷ the step's wall time (PostgreSQL: the backends connected to the bench database, from /proc; a lower bound).`,
    '',
    `Machine: ${r.machine}; load average (1 min) at start ${r.loadAtStart.toFixed(2)}. Targets: (a) ≥ 1,500 msg/s delivered, p99 ≤ 50 ms at 1,000/s, 0 lost; past saturation 0 lost and 0 refused with an error, each message charged once; (b) p99 ≤ 100 ms, 0 lost; (c) ≤ 30 KB per idle socket.`,
  ]
  if (interleaved.length) parts.push('', `(a) one process, ${r.single[0]?.durationS ?? STEP_S} s per step:`, '', stepTable(`${PAIRS} pairs`, interleaved))
  if (r.overload.length || r.overloadBase.length)
    parts.push(
      '',
      `Past saturation, one process, ${r.overload[0]?.durationS ?? STEP_S} s per step, offered load far above what the machine serves: the server lets a bounded number of sends hold a database connection; while they are all taken it reads nothing more from a socket whose send waits, so the rest wait in the network (TCP backpressure), and beyond a bounded queue it tells the socket to slow down (server/ws-send-gate.server.ts). The load generator answers \`slow_down\` as the product's client does (app/features/chat/send-hold.ts). Latency runs from the moment a message was written, so it includes the backlog that builds while more is offered than served. Lost: not delivered when deliveries stopped for ${DRAIN_MS / 1000} s.`,
      '',
      stepTable(`${OVERLOAD_PAIRS} pairs`, interleave(r.overloadBase, r.overload)),
      ...(r.overloadLedger.length ? ['', ...r.overloadLedger.map((l) => `- Exactly once ${l}.`)] : []),
    )
  if (r.multi.length)
    parts.push(
      '',
      `(b) two processes + Redis, ${MEMBERS} connected members:`,
      '',
      stepTable(
        `${MEMBERS / 2} pairs`,
        r.multi.map((f) => ({ ...f, label: `${f.label}, ${f.durationS} s` })),
      ),
    )
  if (r.ledger) parts.push('', `Exactly-once check after (a) and (b): ${r.ledger}.`)
  if (r.memory.length) {
    parts.push(
      '',
      `| ${date}, (c) ${IDLE} idle sockets | RSS before → after | **RSS per idle socket** (round 1, round 2) | V8 heap + external per idle socket | load average |`,
      '|---|---:|---:|---:|---:|',
      ...r.memory.map(
        (m) =>
          `| ${m.label} | ${m.rssBeforeMiB.toFixed(0)} → ${m.rssAfterMiB.toFixed(0)} MiB | **${m.perSocketKB.toFixed(1)} KB** (${m.rounds.map((x) => x.toFixed(1)).join(', ')}) | ${m.heapPerSocketKB.toFixed(1)} KB | ${m.load.toFixed(2)} |`,
      ),
    )
  }
  if (r.statements) {
    parts.push(
      '',
      `Database statements per delivered message (50 pairs, 2 messages each, counted at the wire by bench/pg-counter.ts, less the idle server's own polling over as long): **${r.statements.perMessage.toFixed(1)}**`,
      '',
      '```',
      ...r.statements.lines,
      '```',
    )
  }
  parts.push('<!-- chat-scale:end -->')
  return parts.join('\n')
}

main().then(
  async () => {
    await cleanup()
    process.exit(0)
  },
  async (e) => {
    console.error(`\nchat-scale bench failed: ${(e as Error).stack ?? e}`)
    await cleanup()
    process.exit(1)
  },
)
