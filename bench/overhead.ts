/**
 * `npm run bench` (after bench/payments.ts): the figures of issue 14 that concern the process itself, each beside a
 * baseline measured in the same run, on the production build:
 * 1. framework overhead: GET /api/settings.php vs a bare node:http server (and Express 5 + compression alone)
 *    answering the same bytes;
 * 2. SSR: anonymous `/` and logged-in `/members` (24 cards) vs a bare node:http server answering the same HTML;
 * 3. what `/` and `/members` make a browser download: compressed JavaScript (every script the page loads), the page
 *    data inline in the HTML (React Router's turbo-stream, which carries the message catalog), CSS and the icon font;
 * 4. memory: resident set size of the idle server after start and 3 page views, embedded database and PostgreSQL;
 * 5. restart: spawning `node server/index.js` with a current build until /healthz answers.
 * Writes its section of bench/RESULTS.md. Needs the local PostgreSQL (BENCH_DATABASE_URL) for the PostgreSQL figures.
 * BENCH_OVERHEAD_S shortens the load runs (default 10 s each) when debugging.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { machine, machineLine } from './report'
import { pageWeight, type PageWeight } from './page-weight'
import { startStatementCounter, type StatementCounter } from './pg-counter'
import { bareServer, cpuMsOf, memoryOf, rawGet, spawnServer, waitIdle, type ServerProcess } from './server-process'
import { createBenchDatabase, ensureBuild, ROOT } from './setup'
import { benchCleanup } from './cleanup'
import { DEMO_EMAIL, loginDemoMember } from './demo-login'

const CONNECTIONS = 10
const DURATION_S = Number(process.env.BENCH_OVERHEAD_S ?? 10)
const WARMUP_S = Math.min(2, DURATION_S)
const OVERALL_TIMEOUT_MS = 8 * 60_000
// Anna's own default search (men in NL) finds only a handful; all countries fill the page with 24 cards.
const MEMBERS_PATH = '/members?country='
const PAGE_VIEWS = ['/', '/login', '/signup']
// How long to wait for the server to go idle after a start (the job runner works through what the seed left).
const IDLE_WAIT_MS = 5000

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
if (!/^postgres(ql)?:\/\/[^/]*@?(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//.test(adminUrl)) {
  console.error(`BENCH_DATABASE_URL must point at a loopback PostgreSQL server, got ${adminUrl}`)
  process.exit(2)
}
process.chdir(ROOT)
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-overhead-'))

const step = (s: string) => console.log(`- ${s}`)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const rps = (v: number) => v.toFixed(0)
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const mib = (v: number) => `${v.toFixed(0)} MB`

const { cleanups, cleanup } = benchCleanup('bench/overhead.ts', OVERALL_TIMEOUT_MS, () => fs.rmSync(tmp, { recursive: true, force: true }))

interface Rate {
  requestsPerSec: number
  p50: number
  p99: number
  total: number
  bad: number
}

async function load(url: string, headers: Record<string, string>, duration = DURATION_S): Promise<Rate> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration, timeout: 10, headers })
  return { requestsPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, bad: r.non2xx + r.errors + r.timeouts }
}

/** The real endpoint, then a bare node:http server (and optionally Express alone) answering the bytes it sent. */
async function versusBare(label: string, origin: string, pagePath: string, headers: Record<string, string>, withExpress: boolean) {
  // What autocannon gets: no Accept-Encoding, so uncompressed; the bare servers answer exactly these bytes.
  const sample = await rawGet(origin + pagePath, headers)
  if (sample.status !== 200) throw new Error(`${pagePath}: expected 200, got ${sample.status}`)
  const type = String(sample.headers['content-type'] ?? 'application/octet-stream')
  step(
    `${label}: ${pagePath} (${kb(sample.body.length)}, ${type}), warm-up ${WARMUP_S} s, then ${DURATION_S} s each: server, bare node:http${withExpress ? ', Express + compression' : ''}`,
  )
  await load(origin + pagePath, headers, WARMUP_S)
  const real = await load(origin + pagePath, headers)
  const bare = await bareServer(sample.body, type, 'bare', tmp)
  const bareRate = await load(bare.origin + pagePath, {}).finally(() => bare.stop())
  let express: Rate | null = null
  if (withExpress) {
    const ex = await bareServer(sample.body, type, 'express', tmp)
    express = await load(ex.origin + pagePath, {}).finally(() => ex.stop())
  }
  return { label, path: pagePath, bytes: sample.body.length, real, bare: bareRate, express }
}

async function viewPages(origin: string) {
  for (const p of PAGE_VIEWS) {
    const res = await fetch(origin + p, { signal: AbortSignal.timeout(30_000) })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`${p}: ${res.status}`)
  }
  // Let the event loop settle (timers, the job runner's first poll) before reading the figure.
  await new Promise((r) => setTimeout(r, 1500))
}

interface StartFigures {
  coldMs: number
  /** The first start's serving process (the seed runs in a process of its own since decision record 041) after the same page views. */
  coldIdle: { rssMiB: number; peakMiB: number }
  restartMs: number
  idle: { rssMiB: number; peakMiB: number }
  /** CPU the server uses with no requests, in cores, over 2 s after the page views. */
  idleCores: number
}

async function idleCores(pid: number): Promise<number> {
  const before = cpuMsOf(pid)
  await new Promise((r) => setTimeout(r, 2000))
  return (cpuMsOf(pid) - before) / 2000
}

/** First start (migrate + demo seed), stop, then the timed restart on the same data, 3 page views, memory. */
async function startTwice(
  label: string,
  env: Record<string, string>,
  restartEnv: Record<string, string> = {},
): Promise<{ server: ServerProcess; figures: Omit<StartFigures, 'idle' | 'idleCores'> }> {
  step(`${label}: first start (migrations, demo seed)`)
  const cold = await spawnServer({ ...env, SEED_DEMO: '1', LOG_LEVEL: 'info' }, { timeoutMs: 150_000 })
  const coldSettle = await waitIdle(cold.pid, IDLE_WAIT_MS)
  await viewPages(cold.origin)
  const coldIdle = memoryOf(cold.pid)
  await cold.stop()
  step(`${label}: first start took ${sec(cold.startMs)}, then ${sec(coldSettle)} until idle; restarting with the same data`)
  // As `npm start` does on every later start: SEED_DEMO unset seeds only an empty database.
  const server = await spawnServer({ ...env, ...restartEnv })
  cleanups.push(() => server.stop())
  const settle = await waitIdle(server.pid, IDLE_WAIT_MS)
  if (settle > 1500) step(`${label}: ${sec(settle)} after the restart until idle${settle >= IDLE_WAIT_MS ? ' (not idle: gave up)' : ''}`)
  return { server, figures: { coldMs: cold.startMs, coldIdle, restartMs: server.startMs } }
}

const STATEMENT_SAMPLES = 20

/**
 * Database statements one request costs: STATEMENT_SAMPLES sequential requests through the counting proxy,
 * leaving out every statement text also seen while idle (the job runner's polling, the settings cache's refresh).
 */
async function statementsPerRequest(counter: StatementCounter, url: string, headers: Record<string, string>, background: Set<string>) {
  counter.reset()
  for (let i = 0; i < STATEMENT_SAMPLES; i++) {
    const r = await rawGet(url, headers)
    if (r.status !== 200) throw new Error(`${url}: ${r.status}`)
  }
  const statements = [...counter.counts.entries()]
    .filter(([sql]) => !background.has(sql))
    .map(([sql, n]) => ({ sql, perRequest: n / STATEMENT_SAMPLES }))
    .sort((a, b) => b.perRequest - a.perRequest)
  return { perRequest: statements.reduce((n, x) => n + x.perRequest, 0), statements }
}

async function main() {
  const loadBefore = os.loadavg()[0]
  ensureBuild()

  // 1. Embedded database: the throughput, page weight and memory figures.
  const embedded = await startTwice('embedded database', { DATA_DIR: path.join(tmp, 'embedded') })
  const server = embedded.server
  await viewPages(server.origin)
  const embeddedFigures: StartFigures = { ...embedded.figures, idle: memoryOf(server.pid), idleCores: await idleCores(server.pid) }
  step(`embedded database: restart ${sec(embedded.figures.restartMs)}, idle RSS after ${PAGE_VIEWS.length} page views ${mib(embeddedFigures.idle.rssMiB)}`)

  const cookie = await loginDemoMember(server.origin, path.join(tmp, 'embedded'))
  const members = await rawGet(server.origin + MEMBERS_PATH, { cookie })
  const cards = (members.body.toString('utf8').match(/data-testid="profile-card"/g) ?? []).length
  if (members.status !== 200 || cards !== 24)
    throw new Error(`${MEMBERS_PATH} as ${DEMO_EMAIL}: status ${members.status}, ${cards} profile cards (expected 24)`)

  step('page weight of / and /members')
  const catalog = JSON.parse(fs.readFileSync(path.join(ROOT, 'app/i18n/locales/en.json'), 'utf8')) as Record<string, string>
  const catalogBytes = Buffer.byteLength(JSON.stringify(catalog))
  const weights: PageWeight[] = [await pageWeight(server.origin, '/', undefined, catalog), await pageWeight(server.origin, MEMBERS_PATH, cookie, catalog)]

  const runs = [
    await versusBare('framework overhead', server.origin, '/api/settings.php', {}, true),
    await versusBare('SSR anonymous', server.origin, '/', {}, false),
    await versusBare('SSR logged in', server.origin, MEMBERS_PATH, { cookie }, false),
  ]
  const afterLoad = memoryOf(server.pid)
  await server.stop()
  // The anonymous `/` above is served from the page cache after its first render (server/page-cache.server.ts);
  // the same server with the cache off renders every request.
  step('SSR anonymous with the page cache off (PAGE_CACHE_SECONDS=0)')
  const uncachedServer = await spawnServer({ DATA_DIR: path.join(tmp, 'embedded'), PAGE_CACHE_SECONDS: '0' })
  cleanups.push(() => uncachedServer.stop())
  await waitIdle(uncachedServer.pid, IDLE_WAIT_MS)
  const uncached = await versusBare('SSR anonymous, page cache off', uncachedServer.origin, '/', {}, false)
  runs.splice(2, 0, uncached)
  await uncachedServer.stop()

  // 2. PostgreSQL: memory and restart.
  step('creating a PostgreSQL database')
  const database = await createBenchDatabase(adminUrl)
  cleanups.push(() => database.drop())
  // The restarted server reaches PostgreSQL through a proxy that counts the statements it sends.
  const dbUrl = new URL(database.url)
  const counter = await startStatementCounter(dbUrl.hostname, Number(dbUrl.port || 5432))
  cleanups.push(() => counter.close())
  const proxied = new URL(database.url)
  proxied.hostname = '127.0.0.1'
  proxied.port = String(counter.port)
  const pgStart = await startTwice(
    `PostgreSQL (${database.name})`,
    { DATA_DIR: path.join(tmp, 'pg'), DATABASE_URL: database.url },
    { DATABASE_URL: proxied.toString() },
  )
  await viewPages(pgStart.server.origin)
  const pgFigures: StartFigures = { ...pgStart.figures, idle: memoryOf(pgStart.server.pid), idleCores: await idleCores(pgStart.server.pid) }
  step(`PostgreSQL: restart ${sec(pgFigures.restartMs)}, idle RSS ${mib(pgFigures.idle.rssMiB)}; counting statements per request`)
  const pgCookie = await loginDemoMember(pgStart.server.origin, path.join(tmp, 'pg'))
  // Right after a start the job runner works through what the seed left (its statements would swamp the count):
  // wait, up to 30 s, for a quiet 2 s window, and take that window's rate as the background.
  counter.reset()
  await new Promise((r) => setTimeout(r, 2000))
  const backgroundPerMs = counter.total() / 2000
  const background = [...counter.counts.entries()].sort((a, b) => b[1] - a[1])
  const backgroundSet = new Set(background.map(([sqlText]) => sqlText))
  const statementRuns = [
    { path: '/api/settings.php', ...(await statementsPerRequest(counter, pgStart.server.origin + '/api/settings.php', {}, backgroundSet)) },
    { path: '/', ...(await statementsPerRequest(counter, pgStart.server.origin + '/', {}, backgroundSet)) },
    { path: MEMBERS_PATH, ...(await statementsPerRequest(counter, pgStart.server.origin + MEMBERS_PATH, { cookie: pgCookie }, backgroundSet)) },
  ]
  await pgStart.server.stop()
  console.log(`\nStatements per request (PostgreSQL, ${STATEMENT_SAMPLES} sequential requests each; statements also seen while idle left out):`)
  console.log(`  idle (2 s, no requests): ${(backgroundPerMs * 1000).toFixed(1)} per second`)
  for (const [sql, n] of background) console.log(`    ${(n / 2).toFixed(1)}/s  ${sql.slice(0, 160)}`)
  for (const r of statementRuns) {
    console.log(`  ${r.path}: ${r.perRequest.toFixed(1)} per request`)
    for (const st of r.statements) console.log(`    ${st.perRequest.toFixed(1)}×  ${st.sql.slice(0, 160)}`)
  }

  const date = new Date().toISOString().slice(0, 10)
  const m = machine('embedded PGlite and PostgreSQL (local, loopback)')
  const [settings] = runs
  const throughput = [
    `| ${date} | bytes | server req/s | bare node:http req/s | server / bare | target | server p50 / p99 |`,
    '|---|---:|---:|---:|---:|---:|---:|',
    ...runs.map(
      (r) =>
        `| ${r.label}: \`GET ${r.path}\`${r.path === MEMBERS_PATH ? ' (24 cards)' : ''} | ${r.bytes} | ${rps(r.real.requestsPerSec)} | ${rps(r.bare.requestsPerSec)} | **${pct(r.real.requestsPerSec, r.bare.requestsPerSec)}** | ${r === settings ? '≥ 10 %' : r === uncached ? '' : '≥ 6 %'} | ${r.real.p50} / ${r.real.p99} ms |`,
    ),
    `| Express 5 + compression alone, same bytes as \`/api/settings.php\` | ${settings.bytes} | | ${rps(settings.express!.requestsPerSec)} | ${pct(settings.express!.requestsPerSec, settings.bare.requestsPerSec)} | | |`,
  ].join('\n')
  const weightTable = [
    `| ${date}, as sent with \`Accept-Encoding: gzip, br\` | \`/\` (anonymous) | \`/members\` (logged in) | target |`,
    '|---|---:|---:|---:|',
    `| **JavaScript, compressed (all scripts the page loads)** | **${kb(weights[0].scripts.wire)}** | **${kb(weights[1].scripts.wire)}** | ≤ 100 KB each |`,
    `| JavaScript files (of them found only through static imports) | ${weights.map((w) => `${w.scripts.files} (${w.scripts.viaStaticImport})`).join(' | ')} | |`,
    `| JavaScript, uncompressed | ${weights.map((w) => kb(w.scripts.raw)).join(' | ')} | |`,
    `| JavaScript encoding | ${weights.map((w) => w.scripts.encoding).join(' | ')} | |`,
    `| HTML, uncompressed / as sent (${weights[0].html.encoding}) | ${weights.map((w) => `${kb(w.html.raw)} / ${kb(w.html.wire)}`).join(' | ')} | |`,
    `| page data inline (turbo-stream, ${weights[0].pageData.scripts} scripts): uncompressed / brotli q4 / gzip | ${weights.map((w) => `${kb(w.pageData.raw)} / ${kb(w.pageData.brotli)} / ${kb(w.pageData.gzip)}`).join(' | ')} | |`,
    `| message ids of the English catalog (${Object.keys(catalog).length} messages, ${kb(catalogBytes)} as minified JSON) found in the page data | ${weights.map((w) => String(w.pageData.catalogKeys)).join(' | ')} | |`,
    `| page data share of the HTML (uncompressed) | ${weights.map((w) => pct(w.pageData.raw, w.html.raw)).join(' | ')} | |`,
    `| all inline scripts, uncompressed | ${weights.map((w) => `${kb(w.inlineScripts.raw)} in ${w.inlineScripts.scripts}`).join(' | ')} | |`,
    `| CSS, compressed (files) | ${weights.map((w) => `${kb(w.styles.wire)} (${w.styles.files})`).join(' | ')} | |`,
    `| fonts named by the CSS (woff2) | ${weights.map((w) => w.fonts.map((f) => `${path.basename(f.file)} ${kb(f.wire)}`).join(', ') || 'none').join(' | ')} | |`,
    `| largest scripts, compressed | ${weights.map((w) => w.scripts.largest.map((l) => `${l.file} ${kb(l.wire)}`).join(', ')).join(' | ')} | |`,
  ].join('\n')
  const processTable = [
    `| ${date} | embedded database (PGlite) | PostgreSQL | target |`,
    '|---|---:|---:|---:|',
    `| **RSS, idle after start and ${PAGE_VIEWS.length} page views (${PAGE_VIEWS.join(', ')})** | **${mib(embeddedFigures.idle.rssMiB)}** | **${mib(pgFigures.idle.rssMiB)}** | ≤ 400 MB / ≤ 200 MB |`,
    `| CPU of the idle server (no requests, 2 s after the page views) | ${embeddedFigures.idleCores.toFixed(2)} cores | ${pgFigures.idleCores.toFixed(2)} cores | |`,
    `| RSS of the first start's serving process (its seed ran in a child process, decision record 041), after the same page views (peak) | ${mib(embeddedFigures.coldIdle.rssMiB)} (${mib(embeddedFigures.coldIdle.peakMiB)}) | ${mib(pgFigures.coldIdle.rssMiB)} (${mib(pgFigures.coldIdle.peakMiB)}) | |`,
    `| RSS after the load runs above (peak) | ${mib(afterLoad.rssMiB)} (${mib(afterLoad.peakMiB)}) | | |`,
    `| **restart: spawn \`node server/index.js\` until /healthz answers** | **${sec(embeddedFigures.restartMs)}** | **${sec(pgFigures.restartMs)}** | ≤ 3 s |`,
    `| database statements per request (PostgreSQL only, counted at the wire: ${statementRuns.map((r) => `\`${r.path}\``).join(', ')}) | | ${statementRuns.map((r) => r.perRequest.toFixed(1)).join(', ')} | |`,
    `| database statements per second of the idle server (the job runner's poll) | | ${(backgroundPerMs * 1000).toFixed(0)} | |`,
    `| first start on an empty database (migrations, demo seed with avatars) | ${sec(embeddedFigures.coldMs)} | ${sec(pgFigures.coldMs)} | |`,
  ].join('\n')

  console.log(`\nMachine: ${machineLine(m)}; load average 1 min at start ${loadBefore.toFixed(2)}\n`)
  console.log(throughput)
  console.log('')
  console.log(weightTable)
  console.log('')
  console.log(processTable)

  const section = [
    '<!-- overhead:start -->',
    '## Framework overhead, page weight, memory and restart (issue 14)',
    '',
    `Method (bench/overhead.ts): the production build, \`node server/index.js\` with NODE_ENV=production, SUPERVISE=0 and LOG_LEVEL=warn, started by the bench as a child process on a loopback port with a temporary DATA_DIR: first with SEED_DEMO=1 on an empty database (migrations and the demo seed: 300 profiles with avatars, Anna and Ben), stopped, then started again on the same data as \`npm start\` would (SEED_DEMO unset); that second start is the restart figure (spawn until /healthz answers 200, polled every 20 ms). Before each measurement the bench waits (at most ${IDLE_WAIT_MS / 1000} s) until the server has used under 5 % of a core for a second (the job runner works through what the seed left). Memory: VmRSS of the server process (/proc/<pid>/status) 1.5 s after ${PAGE_VIEWS.length} anonymous page views (${PAGE_VIEWS.join(', ')}) on the restarted server (the headline figure) and on the first start's serving process (the seed itself runs in a child process that exits before the server opens the database again); the same again on a fresh PostgreSQL database. Throughput on the embedded database: autocannon, ${CONNECTIONS} keep-alive connections, ${WARMUP_S} s warm-up then ${DURATION_S} s, no Accept-Encoding (uncompressed, as the issue measured); \`${MEMBERS_PATH}\` logged in as ${DEMO_EMAIL} (POST /api/user.php, the \`sid\` cookie reused; all countries, so the page has 24 cards, checked). The anonymous \`/\` is measured as served (the page cache for logged-out visitors, PAGE_CACHE_SECONDS=5 by default, renders it once per 5 s and set of inputs) and again on a restart of the same server with PAGE_CACHE_SECONDS=0, which renders every request. Baselines in the same run: a bare node:http server in a child process answering the bytes the endpoint sent (fetched once) with the same Content-Type, and for the settings endpoint Express 5 with compression() answering them too. Page weight: the HTML fetched with \`Accept-Encoding: gzip, br\`; every script it loads (modulepreload, script src, the inline module script's imports and, followed to the end, the static imports inside those files) fetched the same way and its bytes on the wire summed; page data = the inline scripts that fill \`window.__reactRouterContext\` (its size compressed alone estimated with zlib, brotli quality 4 as compression() uses); fonts = the woff2 files the stylesheets name. Statements per request: the restarted PostgreSQL server reaches the database through a loopback proxy that counts Query and Execute messages (bench/pg-counter.ts); ${STATEMENT_SAMPLES} sequential requests per page, leaving out every statement whose text was also seen in 2 s without requests just before (the job runner's polling, the settings cache's refresh).`,
    '',
    `Machine: ${machineLine(m)}; load average 1 min at start: ${loadBefore.toFixed(2)}`,
    '',
    throughput,
    '',
    weightTable,
    '',
    processTable,
    '<!-- overhead:end -->',
  ].join('\n')
  const file = path.join(ROOT, 'bench/RESULTS.md')
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n'
  fs.writeFileSync(
    file,
    current.includes('<!-- overhead:start -->')
      ? current.replace(/<!-- overhead:start -->[\s\S]*<!-- overhead:end -->/, section)
      : `${current.trimEnd()}\n\n${section}\n`,
  )
  console.log('\nWritten to bench/RESULTS.md')

  const bad = runs.flatMap((r) => [r.real, r.bare, ...(r.express ? [r.express] : [])]).reduce((n, r) => n + r.bad, 0)
  if (bad) throw new Error(`${bad} non-2xx answers or errors during the load runs`)
}

main().then(
  async () => {
    await cleanup()
    process.exit(0)
  },
  async (e) => {
    console.error(`\nbench/overhead.ts failed: ${(e as Error).stack ?? e}`)
    await cleanup()
    process.exit(1)
  },
)
