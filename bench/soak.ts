/**
 * `npm run bench:soak` (issue 15; not in CI): 2,000 simulated members browsing and chatting for 10 minutes on two
 * server processes joined by Redis, on one PostgreSQL database. Each member keeps a socket open (half on each
 * process) and, at random times around a mean interval, opens a page (search, a profile, the chat list) or sends
 * its partner a message (partners sit on the other process). Every minute is reported: requests, messages, errors,
 * latencies, and both processes' memory; the baseline for memory is each process's mean RSS over the minute after
 * the warm-up, measured in the same run.
 * Passes when there are no errors (no failed request, no socket closed or erroring, every message acknowledged
 * and delivered once) and no process's mean memory in the last minute is more than 10 % above its baseline.
 * Writes its section of bench/RESULTS.md. Knobs: SOAK_MEMBERS (2000), SOAK_S (600), SOAK_WARMUP_S (60),
 * SOAK_PAGE_EVERY_S (60), SOAK_MESSAGE_EVERY_S (30), SOAK_WRITE (0: do not write RESULTS.md), SOAK_CPU_PROF (a directory:
 * both servers write a CPU profile there).
 */
import crypto, { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'
import type { ServerEvent } from '#app/features/chat/chat-events'
import { percentile } from './chat'
import { benchCleanup } from './cleanup'
import { machine, machineLine } from './report'
import { memoryOf } from './server-process'
import { createBenchDatabase, ensureBuild, ROOT, seedBenchDatabase, startServer, type Member, type RunningServer } from './setup'

const num = (name: string, d: number) => (process.env[name] ? Number(process.env[name]) : d)
const MEMBERS = num('SOAK_MEMBERS', 2000)
const DURATION_S = num('SOAK_S', 600)
const CPU_PROF = process.env.SOAK_CPU_PROF
const WARMUP_S = num('SOAK_WARMUP_S', 60)
const PAGE_EVERY_S = num('SOAK_PAGE_EVERY_S', 60)
const MESSAGE_EVERY_S = num('SOAK_MESSAGE_EVERY_S', 30)
const WRITE = process.env.SOAK_WRITE !== '0'
const DELIVERY_GRACE_MS = 10_000

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'

process.chdir(ROOT)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-soak-'))
process.env.SESSION_SECRET = crypto.createHash('sha256').update('dating-chat bench session secret').digest('hex').slice(0, 48)
process.env.DATA_DIR = dataDir
process.env.LOG_LEVEL = 'warn'
delete process.env.REDIS_URL

const pct = (values: number[], q: number) =>
  percentile(
    [...values].sort((a, b) => a - b),
    q,
  )
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
// Exponential gaps: members act independently, not in lockstep.
const gap = (meanS: number) => -Math.log(1 - Math.random()) * meanS * 1000
const { cleanups, cleanup } = benchCleanup('bench/soak.ts', (DURATION_S + 15 * 60) * 1000, () => fs.rmSync(dataDir, { recursive: true, force: true }))

interface Minute {
  requests: number
  messages: number
  errors: number
  pageMs: number[]
  deliveryMs: number[]
  rssMiB: number[]
}

const minutes: Minute[] = []
const errorKinds: Record<string, number> = {}
let minute: Minute = { requests: 0, messages: 0, errors: 0, pageMs: [], deliveryMs: [], rssMiB: [] }
function error(kind: string) {
  errorKinds[kind] = (errorKinds[kind] ?? 0) + 1
  minute.errors++
}

interface MemSample {
  t: number
  liveMiB: number
  rssMiB: number
}

/** The newest memory line a server printed after a full GC (bench/gc-on-signal.mjs). */
function lastMemoryLine(output: string): { liveMiB: number; rssMiB: number } {
  const line = output
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('BENCH_MEMORY '))
  if (!line) return { liveMiB: NaN, rssMiB: NaN }
  const m = JSON.parse(line.slice('BENCH_MEMORY '.length)) as NodeJS.MemoryUsage
  return { liveMiB: (m.heapUsed + m.external) / 2 ** 20, rssMiB: m.rss / 2 ** 20 }
}

type Change = { afterWarmup: number; last: number; pct: number }
const signed = (pct: number) => `${pct >= 0 ? '+' : ''}${pct.toFixed(1)} %`
function memoryLine(g: { live: Change; rss: Change }): string {
  return `live memory after GC ${g.live.afterWarmup.toFixed(0)} MiB in the minute after the warm-up → ${g.live.last.toFixed(0)} MiB in the last minute (**${signed(g.live.pct)}**); RSS ${g.rss.afterWarmup.toFixed(0)} → ${g.rss.last.toFixed(0)} MiB (${signed(g.rss.pct)})`
}

interface Sent {
  at: number
  acked: boolean
  delivered: number
}
const sent = new Map<string, Sent>()

function openSocket(origin: string, member: Member): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/ws`, { headers: { Cookie: `sid=${member.token}`, Origin: origin }, handshakeTimeout: 30_000 })
    const timer = setTimeout(() => reject(new Error('socket not ready in time')), 30_000)
    ws.on('error', (e) => {
      clearTimeout(timer)
      reject(e)
    })
    ws.on('message', function onReady(raw) {
      if (!String(raw).includes('"ready"')) return
      ws.off('message', onReady)
      clearTimeout(timer)
      resolve(ws)
    })
  })
}

function listen(ws: WebSocket, member: Member, stopping: () => boolean) {
  ws.on('error', () => error('socket error'))
  ws.on('close', () => {
    if (!stopping()) error('socket closed')
  })
  ws.on('message', (raw) => {
    const ev = JSON.parse(String(raw)) as ServerEvent
    if (ev.type === 'ack') {
      const s = sent.get(ev.clientId)
      if (s) s.acked = true
    } else if (ev.type === 'message' && ev.message.senderId !== member.profileId) {
      const s = sent.get(ev.message.clientId ?? '')
      if (!s) return
      s.delivered++
      if (s.delivered > 1) error('delivered twice')
      else minute.deliveryMs.push(performance.now() - s.at)
    } else if (ev.type === 'error') {
      error(`socket error event ${ev.code}`)
    }
  })
}

async function page(origin: string, member: Member, target: string) {
  const t0 = performance.now()
  try {
    const res = await fetch(origin + target, { headers: { Cookie: `sid=${member.token}` }, redirect: 'manual', signal: AbortSignal.timeout(30_000) })
    await res.arrayBuffer()
    minute.requests++
    minute.pageMs.push(performance.now() - t0)
    if (res.status !== 200) error(`GET ${target.replace(/\d+/g, ':id')} ${res.status}`)
  } catch {
    error(`GET ${target.replace(/\d+/g, ':id')} failed`)
  }
}

async function main() {
  ensureBuild()
  console.log(`Soak: ${MEMBERS} members on two processes + Redis, ${DURATION_S} s (warm-up ${WARMUP_S} s)`)
  const database = await createBenchDatabase(adminUrl)
  cleanups.push(() => database.drop())
  const seeded = await seedBenchDatabase(database.url, { profiles: 5000, members: MEMBERS })
  cleanups.push(() => seeded.close())
  const fictional = 1 // fictional profiles are inserted first: ids 1 … 5000
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: process.env.SESSION_SECRET!,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `bench-soak-${process.pid}:`,
  }
  const gcArgs = ['--expose-gc', '--import', './bench/gc-on-signal.mjs']
  // SOAK_CPU_PROF=dir: both servers run under --cpu-prof and write soak-1/soak-2.cpuprofile there (bench/profile.ts reads them).
  const profArgs = (n: number) => (CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF, '--cpu-prof-name', `soak-${n}.cpuprofile`] : [])
  const servers: RunningServer[] = await Promise.all([1, 2].map((n) => startServer(env, { nodeArgs: [...gcArgs, ...profArgs(n)] })))
  cleanups.push(() => Promise.all(servers.map((s) => s.stop())).then(() => {}))
  const members = seeded.members
  const originOf = (i: number) => servers[i % 2].origin

  let stopping = false
  const sockets: WebSocket[] = []
  for (let i = 0; i < members.length; i += 50) {
    const batch = members.slice(i, i + 50)
    sockets.push(...(await Promise.all(batch.map((m, k) => openSocket(originOf(i + k), m)))))
  }
  sockets.forEach((ws, i) => listen(ws, members[i], () => stopping))
  console.log(`  ${sockets.length} sockets open`)

  const started = performance.now()
  const endAt = started + DURATION_S * 1000
  // A member's partner is the next one, on the other process.
  const partnerOf = (i: number) => members[i % 2 === 0 ? i + 1 : i - 1]
  const actors = members.map(async (m, i) => {
    const origin = originOf(i)
    let nextPage = performance.now() + gap(PAGE_EVERY_S)
    let nextMessage = performance.now() + gap(MESSAGE_EVERY_S)
    while (!stopping) {
      const now = performance.now()
      if (now >= endAt) break
      if (nextPage <= nextMessage) {
        await sleep(Math.max(0, Math.min(nextPage, endAt) - now))
        if (stopping || performance.now() >= endAt) break
        const r = Math.random()
        await page(origin, m, r < 0.5 ? '/members' : r < 0.8 ? `/members/${fictional + Math.floor(Math.random() * 5000)}` : '/chats')
        nextPage = performance.now() + gap(PAGE_EVERY_S)
      } else {
        await sleep(Math.max(0, Math.min(nextMessage, endAt) - now))
        if (stopping || performance.now() >= endAt) break
        const clientId = randomUUID()
        sent.set(clientId, { at: performance.now(), acked: false, delivered: 0 })
        sockets[i].send(JSON.stringify({ type: 'send', toProfileId: partnerOf(i).profileId, clientId, body: `soak ${clientId.slice(0, 8)}` }))
        minute.messages++
        nextMessage = performance.now() + gap(MESSAGE_EVERY_S)
      }
    }
  })

  const sampler = setInterval(() => {
    for (const s of servers) if (s.child.pid) minute.rssMiB.push(memoryOf(s.child.pid).rssMiB)
  }, 5000)
  const reporter = setInterval(() => {
    const m = minute
    // The grace period after the last action is not a minute of the soak.
    if (m.requests || m.messages) minutes.push(m)
    minute = { requests: 0, messages: 0, errors: 0, pageMs: [], deliveryMs: [], rssMiB: [] }
    const rss = servers.map((s) => (s.child.pid ? memoryOf(s.child.pid).rssMiB : NaN))
    console.log(
      `  minute ${minutes.length}: ${m.requests} pages (p99 ${pct(m.pageMs, 0.99).toFixed(0)} ms), ${m.messages} messages (delivery p99 ${pct(m.deliveryMs, 0.99).toFixed(0)} ms), ${m.errors} errors; RSS ${rss.map((r) => r.toFixed(0)).join(' / ')} MiB; load ${os.loadavg()[0].toFixed(2)}`,
    )
  }, 60_000)
  // Every 15 s each process runs a full GC on SIGUSR2 and prints its memory (bench/gc-on-signal.mjs): live memory,
  // not garbage the collector has not reached yet. The minute after the warm-up is the baseline; the last minute is
  // compared with it.
  const memSamples = servers.map(() => [] as MemSample[])
  const memTimer = setInterval(() => {
    servers.forEach((s) => s.child.kill('SIGUSR2'))
    setTimeout(() => servers.forEach((s, k) => memSamples[k].push({ t: (performance.now() - started) / 1000, ...lastMemoryLine(s.output()) })), 1000)
  }, 15_000)
  cleanups.push(() => clearInterval(memTimer))

  await Promise.all(actors)
  await sleep(DELIVERY_GRACE_MS)
  stopping = true
  clearInterval(sampler)
  clearInterval(reporter)
  clearInterval(memTimer)
  if (minute.requests || minute.messages) minutes.push(minute)
  for (const s of sent.values()) {
    if (!s.acked) error('message not acknowledged')
    if (s.delivered === 0) error('message not delivered')
  }
  for (const ws of sockets) ws.close()

  const all = (f: (m: Minute) => number[]) => minutes.flatMap(f)
  const totals = { requests: minutes.reduce((a, m) => a + m.requests, 0), messages: sent.size, errors: Object.values(errorKinds).reduce((a, b) => a + b, 0) }
  const growth = memSamples.map((samples) => {
    const base = samples.filter((x) => x.t >= WARMUP_S && x.t < WARMUP_S + 60)
    const last = samples.filter((x) => x.t >= DURATION_S - 60 && x.t <= DURATION_S)
    const change = (f: (x: MemSample) => number) => {
      const [a, b] = [base, last].map((xs) => xs.reduce((sum, x) => sum + f(x), 0) / xs.length)
      return { afterWarmup: a, last: b, pct: ((b - a) / a) * 100 }
    }
    return { live: change((x) => x.liveMiB), rss: change((x) => x.rssMiB) }
  })

  // A leak shows as growth of live memory; a process that hands memory back is not a failure.
  const pass = totals.errors === 0 && growth.every((g) => g.live.pct <= 10)
  console.log(`\n  ${totals.requests} pages, ${totals.messages} messages, ${totals.errors} errors ${JSON.stringify(errorKinds)}`)
  console.log(
    `  page p50/p99 ${pct(
      all((m) => m.pageMs),
      0.5,
    ).toFixed(0)} / ${pct(
      all((m) => m.pageMs),
      0.99,
    ).toFixed(0)} ms; delivery p50/p99 ${pct(
      all((m) => m.deliveryMs),
      0.5,
    ).toFixed(0)} / ${pct(
      all((m) => m.deliveryMs),
      0.99,
    ).toFixed(0)} ms`,
  )
  growth.forEach((g, k) => console.log(`  process ${k + 1}: ${memoryLine(g)}`))
  console.log(pass ? '  PASS: no errors, live memory flat within 10 %' : '  FAIL')

  if (WRITE) {
    const md = [
      '<!-- soak:start -->',
      '## Soak: 2,000 members browsing and chatting on two processes (issue 15)',
      '',
      `Produced by \`npm run bench:soak\` (bench/soak.ts; not in CI). ${machineLine(machine(`PostgreSQL ${seeded.serverVersion}`))}, load average at the end ${os.loadavg()[0].toFixed(2)}. Method: a fresh PostgreSQL database with 5,000 fictional profiles and ${MEMBERS} member accounts (sessions created directly); two production server processes (SUPERVISE=0, LOG_LEVEL=warn) joined by Redis; every member holds one socket (half on each process) and, at exponentially distributed times, opens a page (mean every ${PAGE_EVERY_S} s: /members 50 %, a profile 30 %, /chats 20 %) or sends its partner on the other process a message (mean every ${MESSAGE_EVERY_S} s). Memory: every 15 s each server runs a full garbage collection (started with \`--expose-gc\`, bench/gc-on-signal.mjs) and reports its live memory (V8 heap used + external) and RSS; baseline = each process's mean over the minute after the ${WARMUP_S} s warm-up, in the same run, compared with its mean over the last minute; the pass criterion is live memory not more than 10 % above the baseline (RSS shown beside it). Errors: any page not 200, any socket error or close, any error event, any message not acknowledged, not delivered within ${DELIVERY_GRACE_MS / 1000} s of the end, or delivered twice.`,
      '',
      '| Minute | Pages | Page p99 | Messages | Delivery p99 | Errors | RSS (mean of both) |',
      '|---|---|---|---|---|---|---|',
      ...minutes.map(
        (m, i) =>
          `| ${i + 1} | ${m.requests} | ${pct(m.pageMs, 0.99).toFixed(0)} ms | ${m.messages} | ${pct(m.deliveryMs, 0.99).toFixed(0)} ms | ${m.errors} | ${(m.rssMiB.reduce((a, b) => a + b, 0) / Math.max(1, m.rssMiB.length)).toFixed(0)} MiB |`,
      ),
      '',
      `Totals: ${totals.requests.toLocaleString('en')} pages, ${totals.messages.toLocaleString('en')} messages, **${totals.errors} errors**${
        totals.errors
          ? ` (${Object.entries(errorKinds)
              .map(([k, v]) => `${k}: ${v}`)
              .join(', ')})`
          : ''
      }.`,
      ...growth.map((g, k) => `Process ${k + 1}: ${memoryLine(g)}.`),
      '',
      pass ? 'Result: **pass** (0 errors; live memory flat within 10 %).' : 'Result: **fail**.',
      '<!-- soak:end -->',
    ].join('\n')
    const file = path.join(ROOT, 'bench/RESULTS.md')
    const current = fs.readFileSync(file, 'utf8')
    fs.writeFileSync(
      file,
      current.includes('<!-- soak:start -->') ? current.replace(/<!-- soak:start -->[\s\S]*<!-- soak:end -->/, md) : `${current.trimEnd()}\n\n${md}\n`,
    )
    console.log('\nWritten to bench/RESULTS.md')
  }
  return pass
}

main().then(
  async (pass) => {
    await cleanup()
    process.exit(pass ? 0 : 1)
  },
  async (e: unknown) => {
    console.error(e)
    await cleanup()
    process.exit(1)
  },
)
