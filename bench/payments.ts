/**
 * `npm run bench` (after bench/notifications.ts): payment webhooks over HTTP at a steady 200 per second for 10 s
 * against the production server, 10% of them duplicates (half sent together with the first, half later), with
 * per-request latency p50/p99, then a count of double bookings, which must be 0. Baselines measured in the same
 * run at the same rate with the same client: the same route with an id that fails validation (Express, React
 * Router and the form read, no provider and no database), and a bare node:http server answering the same bytes.
 * Writes its section of bench/RESULTS.md. Needs the local PostgreSQL (BENCH_DATABASE_URL).
 */
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { machine, machineLine } from './report'
import { createBenchDatabase, ensureBuild, ROOT, startServer, type RunningServer } from './setup'

// Webhooks per second, one run each on payments of its own: 200/s is the rate asked for; 100/s shows the steady state below it.
const RATES = [100, 200]
const DURATION_S = Number(process.env.BENCH_PAYMENTS_S ?? 10)
const WARMUP_S = 2
const DUPLICATE_SHARE = 0.1
const PAYMENTS_PER_MEMBER = 3
const DRAIN_TIMEOUT_MS = 30_000

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
if (!/^postgres(ql)?:\/\/[^/]*@?(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//.test(adminUrl)) {
  console.error(`BENCH_DATABASE_URL must point at a loopback PostgreSQL server, got ${adminUrl}`)
  process.exit(2)
}
process.chdir(ROOT)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-payments-'))
process.env.DATA_DIR = dataDir
process.env.LOG_LEVEL = 'warn'
delete process.env.REDIS_URL

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN
}
const ms = (v: number) => (Number.isFinite(v) ? `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms` : 'n/a')
const sleep = (t: number) => new Promise((r) => setTimeout(r, t))
const step = (s: string) => console.log(`- ${s}`)

/** One request of a run: when it goes out (ms from the start) and the id it carries. */
interface Shot {
  at: number
  id: string
}

/**
 * `unique` ids at `rate` per second, plus DUPLICATE_SHARE of the total as repeats of earlier ids: every other repeat
 * goes out at the same moment as the first (two identical notifications in flight together), the others 0.1-3 s
 * later (a provider's retry or a late replay).
 */
function schedule(ids: string[], rate: number, seconds: number): Shot[] {
  const total = Math.round(rate * seconds)
  const repeats = Math.round(total * DUPLICATE_SHARE)
  const firsts = total - repeats
  if (ids.length < firsts) throw new Error(`need ${firsts} ids, have ${ids.length}`)
  const gap = 1000 / rate
  const shots: Shot[] = []
  let next = 0
  for (let slot = 0; slot < total; slot++) {
    const at = slot * gap
    const repeat = slot % Math.round(1 / DUPLICATE_SHARE) === Math.round(1 / DUPLICATE_SHARE) - 1
    if (!repeat || next === 0) {
      shots.push({ at, id: ids[next++] })
    } else if ((slot / Math.round(1 / DUPLICATE_SHARE)) % 2 < 1) {
      // Together with the previous first notification.
      shots.push({ at: shots[shots.length - 1].at, id: shots[shots.length - 1].id })
    } else {
      const back = Math.max(0, next - 1 - Math.floor((100 + Math.random() * 2900) / gap))
      shots.push({ at, id: ids[back] })
    }
  }
  return shots
}

/** CPU seconds (user + system) a process has used so far, from /proc; NaN where there is none. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return NaN
  }
}

interface RunFigures {
  label: string
  /** CPU the measured server used during the run, in cores (1.00 = one core busy all the time). */
  serverCpu: number
  sent: number
  latencies: number[]
  statuses: Map<number, number>
  /** Requests that got no answer, by cause (a connection closed under a request, a timeout). */
  errors: Map<string, number>
  /** Ids answered with 200 at least once. */
  answered200: Set<string>
  offeredPerSec: number
  achievedPerSec: number
  /** Requests over the time from the first sent to the last answered: below the sent rate, a queue grew. */
  answeredPerSec: number
}

/** Fires `shots` open-loop (on schedule, whatever the answers) and times each request to its last byte. */
async function fire(label: string, url: string, shots: Shot[], body: (id: string) => string, pid?: number): Promise<RunFigures> {
  const cpu0 = cpuSeconds(pid)
  const latencies: number[] = []
  const statuses = new Map<number, number>()
  const errors = new Map<string, number>()
  const answered200 = new Set<string>()
  const inflight: Promise<void>[] = []
  const start = performance.now()
  let lastDone = start
  for (const shot of shots) {
    const due = start + shot.at
    const wait = due - performance.now()
    if (wait > 1) await sleep(wait)
    const t0 = performance.now()
    inflight.push(
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body(shot.id),
        signal: AbortSignal.timeout(DRAIN_TIMEOUT_MS),
      }).then(
        async (res) => {
          await res.arrayBuffer()
          lastDone = performance.now()
          latencies.push(lastDone - t0)
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
          if (res.status === 200) answered200.add(shot.id)
        },
        (e: Error & { cause?: { code?: string; message?: string } }) => {
          lastDone = performance.now()
          const cause = e.cause?.code ?? e.cause?.message ?? e.name
          errors.set(cause, (errors.get(cause) ?? 0) + 1)
        },
      ),
    )
  }
  const sentIn = (performance.now() - start) / 1000
  await Promise.all(inflight)
  const serverCpu = (cpuSeconds(pid) - cpu0) / ((performance.now() - start) / 1000)
  const last = shots[shots.length - 1]?.at ?? 0
  return {
    label,
    serverCpu,
    sent: shots.length,
    latencies,
    statuses,
    errors,
    answered200,
    offeredPerSec: shots.length / (last / 1000 + (shots[1]?.at ?? 0) / 1000),
    achievedPerSec: shots.length / sentIn,
    answeredPerSec: shots.length / ((lastDone - start) / 1000),
  }
}

/** A server that reads the body and answers what the webhook answers (200, "OK"): the client's and loopback's share. */
async function bareServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/plain;charset=UTF-8', 'content-length': '2' })
      res.end('OK')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/payments/sandbox`,
    close: () => new Promise((r) => server.close(() => r())),
  }
}

async function main() {
  const loadBefore = os.loadavg()[0]
  ensureBuild()
  const { openDatabase, migrate, setDatabase } = await import('#db/client.server')
  const { sql } = await import('drizzle-orm')
  const { startCheckout } = await import('#app/features/billing/checkout.server')
  const { resetEnvCache } = await import('#app/lib/env.server')

  const database = await createBenchDatabase(adminUrl)
  const handle = await openDatabase({ url: database.url, poolSize: 10 })
  let server: RunningServer | undefined
  const bare = await bareServer()
  try {
    setDatabase(handle)
    await migrate(handle)
    const rows = <T>(r: unknown) => (r as { rows: T[] }).rows

    step('starting server')
    server = await startServer({ DATABASE_URL: database.url, DATA_DIR: dataDir })
    // Payments are created here, with this server's webhook URL.
    process.env.PUBLIC_URL = server.origin
    resetEnvCache()

    const firsts = (rate: number, seconds: number) => Math.round(rate * seconds * (1 - DUPLICATE_SHARE))
    const maxRate = Math.max(...RATES)
    const warmupPayments = firsts(maxRate, WARMUP_S)
    const paymentCount = warmupPayments + RATES.reduce((a, r) => a + firsts(r, DURATION_S), 0)
    const memberCount = Math.ceil(paymentCount / PAYMENTS_PER_MEMBER)
    step(`${memberCount} members, ${paymentCount} paid sandbox payments (${PAYMENTS_PER_MEMBER} per member) through startCheckout`)
    await handle.db.execute(
      sql`insert into users (email, password_hash, status) select 'payer' || i || '@bench.test', 'x', 'active' from generate_series(1, ${memberCount}) i`,
    )
    await handle.db.execute(
      sql`insert into profiles (user_id, name, gender, birth_date, country, status) select id, 'Payer' || id, 'male', '1990-01-01', 'NL', 'active' from users`,
    )
    const members = rows<{ id: number }>(await handle.db.execute(sql`select id from users order by id`)).map((r) => r.id)
    const started = Date.now()
    const ids: string[] = []
    // A member's payments come one after the other (5-10 ms apart in the runs), so they are booked side by side.
    const jobs = Array.from({ length: paymentCount }, (_, i) => ({ userId: members[Math.floor(i / PAYMENTS_PER_MEMBER)], key: `bench-${i}` }))
    for (let i = 0; i < jobs.length; i += 8) {
      const batch = await Promise.all(
        jobs.slice(i, i + 8).map(async (j) => {
          const r = await startCheckout({ userId: j.userId, bundleId: 'm', method: 'ideal', idempotencyKey: j.key, locale: 'en' })
          if (!r.ok) throw new Error(`checkout refused: ${r.reason}`)
          return r.paymentId
        }),
      )
      const created = rows<{ pid: string }>(
        await handle.db.execute(sql`select provider_payment_id as pid from payments where id = any(${`{${batch.join(',')}}`}::int[]) order by id`),
      )
      ids.push(...created.map((r) => r.pid))
    }
    // The payer pays on the sandbox's page: its books say paid. (The sandbox's own webhook calls are not scheduled,
    // so only the bench's calls reach the server.)
    await handle.db.execute(sql`update sandbox_payments set status = 'paid', updated_at = now()`)
    await handle.db.execute(sql`analyze`)
    step(`created in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    const version = rows<{ server_version: string }>(await handle.db.execute(sql`show server_version`))[0]?.server_version ?? '?'

    const webhookUrl = `${server.origin}/webhooks/payments/sandbox`
    const form = (id: string) => new URLSearchParams({ id }).toString()
    // Same length, one character the id's pattern refuses: the route answers 400 after reading the form.
    const invalid = (id: string) => new URLSearchParams({ id: `${id.slice(0, -1)}!` }).toString()

    step(`warm-up ${WARMUP_S} s each at ${maxRate}/s`)
    const warmup = schedule(ids.slice(0, warmupPayments), maxRate, WARMUP_S)
    await fire('warm-up bare', bare.url, warmup, form)
    await fire('warm-up refused', webhookUrl, warmup, invalid)
    const warmupRun = await fire('warm-up webhooks', webhookUrl, warmup, form)

    // Per rate: the bare server, the baseline and the webhooks, on the same schedule.
    const runs: { rate: number; duplicates: number; bare: RunFigures; refused: RunFigures; webhooks: RunFigures }[] = []
    const notified = new Set(warmup.map((s) => s.id))
    let offset = warmupPayments
    for (const rate of RATES) {
      const shots = schedule(ids.slice(offset, offset + firsts(rate, DURATION_S)), rate, DURATION_S)
      offset += firsts(rate, DURATION_S)
      for (const s of shots) notified.add(s.id)
      const duplicates = shots.length - new Set(shots.map((s) => s.id)).size
      step(`${rate}/s for ${DURATION_S} s: bare node:http, webhook route with a refused id (400), webhooks (${duplicates} duplicates)`)
      const bareRun = await fire('bare', bare.url, shots, form, process.pid)
      const refused = await fire('refused', webhookUrl, shots, invalid, server.child.pid)
      const webhooks = await fire('webhooks', webhookUrl, shots, form, server.child.pid)
      runs.push({ rate, duplicates, bare: bareRun, refused, webhooks })
    }

    // The books afterwards. Every payment whose notification was answered 200 must be booked exactly once.
    const delivered = new Set([...warmupRun.answered200, ...runs.flatMap((r) => [...r.webhooks.answered200])])
    const deliveredBooked = rows<{ n: number }>(
      await handle.db.execute(
        sql`select count(*)::int as n from payments where credits_booked and provider_payment_id = any(${`{${[...delivered].join(',')}}`}::text[])`,
      ),
    )[0].n
    const [check] = rows<{ doubled: number; mismatched: number; booked: number; purchaseRows: number; firsts: number }>(
      await handle.db.execute(sql`
        select
          (select count(*)::int from (select reference from credit_ledger where reason = 'purchase' group by reference having count(*) > 1) d) as doubled,
          (select count(*)::int from users u where u.credits <> coalesce((select sum(delta) from credit_ledger l where l.user_id = u.id), 0)) as mismatched,
          (select count(*)::int from payments where credits_booked) as booked,
          (select count(*)::int from credit_ledger where reason = 'purchase') as "purchaseRows",
          (select count(*)::int from (select payload->>'userId' from domain_events where type = 'payment.completed' and (payload->>'firstPurchase')::boolean group by 1 having count(*) > 1) f) as firsts`),
    )
    const statusText = (r: RunFigures) =>
      [...r.statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${n}× ${s}`)
        .join(', ') + [...r.errors].map(([cause, n]) => `, ${n}× no answer (${cause})`).join('')
    const non200 = runs.flatMap((r) => [...r.webhooks.statuses].filter(([s]) => s !== 200).map(([, n]) => n)).reduce((a, n) => a + n, 0)
    const unanswered = runs.reduce((a, r) => a + [...r.webhooks.errors.values()].reduce((x, n) => x + n, 0), 0)
    const date = new Date().toISOString().slice(0, 10)
    const cols = runs.flatMap((r) => [r.bare, r.refused, r.webhooks])
    const cell = (f: (r: RunFigures) => string) => cols.map(f).join(' | ')
    const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`
    const table = [
      `| ${date} | ${runs.map((r) => `${r.rate}/s: bare node:http (floor) | ${r.rate}/s: route, id refused (baseline) | **${r.rate}/s: webhook, booked**`).join(' | ')} |`,
      `|---|${cols.map(() => '---:').join('|')}|`,
      `| requests (duplicates) | ${runs.map((r) => [r.bare, r.refused, r.webhooks].map((f) => `${f.sent} (${r.duplicates})`).join(' | ')).join(' | ')} |`,
      `| sent per second | ${cell((r) => r.achievedPerSec.toFixed(0))} |`,
      `| answered per second (first sent to last answered) | ${cell((r) => r.answeredPerSec.toFixed(0))} |`,
      `| answers | ${cell(statusText)} |`,
      `| **latency p50** | ${cell((r) => ms(pct(r.latencies, 50)))} |`,
      `| **latency p99** | ${cell((r) => ms(pct(r.latencies, 99)))} |`,
      `| latency max | ${cell((r) => ms(pct(r.latencies, 100)))} |`,
      `| CPU of the answering process (cores) | ${cell((r) => (Number.isFinite(r.serverCpu) ? r.serverCpu.toFixed(2) : 'n/a'))} |`,
      `| p50 / p99 vs baseline | ${runs.flatMap((r) => ['', '1.0× / 1.0×', `${ratio(pct(r.webhooks.latencies, 50), pct(r.refused.latencies, 50))} / ${ratio(pct(r.webhooks.latencies, 99), pct(r.refused.latencies, 99))}`]).join(' | ')} |`,
    ].join('\n')
    const books = [
      `| books afterwards (warm-up and runs) | count |`,
      '|---|---:|',
      `| payments notified / answered 200 at least once | ${notified.size} / ${delivered.size} |`,
      `| payments booked (of those answered 200) | ${check.booked} (${deliveredBooked}) |`,
      `| purchase ledger rows | ${check.purchaseRows} |`,
      `| **payments with more than one purchase row** | ${check.doubled} |`,
      `| **members whose credits ≠ the sum of their ledger rows** | ${check.mismatched} |`,
      `| members with more than one first purchase | ${check.firsts} |`,
    ].join('\n')
    const m = machine(`PostgreSQL ${version} (local, loopback)`)
    console.log(`\nMachine: ${machineLine(m)}; load average 1 min at start: ${loadBefore.toFixed(2)}\n\n${table}\n\n${books}`)

    const section = [
      '<!-- payments:start -->',
      '## Payment webhooks: POST /webhooks/payments/sandbox under duplicates',
      '',
      `Method: the production server (\`node server/index.js\`, one process, PostgreSQL ${version}, the sandbox provider) on a loopback port; ${memberCount} members with ${paymentCount} payments of bundle m (${PAYMENTS_PER_MEMBER} per member, so a member's payments are booked side by side) started through \`startCheckout\` in the bench process and marked paid in the sandbox's books (its own delayed webhook calls are not scheduled). The bench process sends form posts \`id=…\` open-loop at a steady rate for ${DURATION_S} s, one run at each of ${RATES.join(' and ')}/s on payments of its own (after a ${WARMUP_S} s warm-up at ${maxRate}/s on payments of their own), ${Math.round(DUPLICATE_SHARE * 100)}% of them duplicates: every other duplicate goes out at the same moment as the first notification of that payment, the others 0.1-3 s later. Each webhook fetches the payment from the provider and books it in a transaction (payment-sync). Latency: from sending to the last byte of the answer, Node's fetch with keep-alive. Baseline, same run, same client, same rate and schedule, just before the webhooks: the same route with an id that fails validation (same length, one character refused), which goes through Express, the React Router handler and the form read and answers 400 without the provider or the database; and, as the floor of client and loopback, a bare node:http server in the bench process answering "OK". CPU: user + system time of the server process during the run over its length (for the bare server, of the bench process, client included). When the server answers fewer per second than were sent, a queue grows for the whole run and its latency measures saturation (it varies much from run to run), not a steady state. Afterwards the books: purchase ledger rows per payment (more than 1 is a double booking), members whose cached credits differ from the sum of their ledger rows, and members with more than one payment counted as their first purchase — all must be 0.`,
      '',
      `Machine: ${machineLine(m)}; load average 1 min at start: ${loadBefore.toFixed(2)}`,
      '',
      table,
      '',
      books,
      '<!-- payments:end -->',
    ].join('\n')
    const file = path.join(ROOT, 'bench/RESULTS.md')
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n'
    fs.writeFileSync(
      file,
      current.includes('<!-- payments:start -->')
        ? current.replace(/<!-- payments:start -->[\s\S]*<!-- payments:end -->/, section)
        : `${current.trimEnd()}\n\n${section}\n`,
    )
    console.log('\nWritten to bench/RESULTS.md')

    const problems: string[] = []
    if (check.doubled || check.mismatched || check.firsts) problems.push(`double bookings: ${JSON.stringify(check)}`)
    if (deliveredBooked !== delivered.size || check.purchaseRows !== check.booked || check.booked > notified.size)
      problems.push(
        `${notified.size} payments notified, ${delivered.size} answered 200, ${deliveredBooked} of those booked, ${check.booked} booked, ${check.purchaseRows} purchase rows`,
      )
    if (unanswered) console.warn(`warning: ${unanswered} webhook calls got no answer (see the table); a provider would send them again`)
    if (non200) problems.push(`${non200} webhook calls not answered 200: ${runs.map((r) => `${r.rate}/s: ${statusText(r.webhooks)}`).join('; ')}`)
    if (problems.length) {
      const log = server.output().trim()
      if (log) console.error(`\nserver output (tail):\n${log.slice(-4000)}`)
      throw new Error(problems.join('; '))
    }
  } finally {
    await server?.stop()
    await bare.close()
    setDatabase(undefined)
    await handle.close()
    await database.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`\nbench failed: ${(e as Error).stack ?? e}`)
    process.exit(1)
  },
)
