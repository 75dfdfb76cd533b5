/**
 * `npm run bench:members` (and part of `npm run bench`): the pages a logged-in member lives on (issue 26), each beside
 * a bare node:http server answering the same bytes in the same run:
 * 1. `/members?country=` (24 cards), `/members/{id}`, `/chats`, `/chats/{id}`, `/likes`: 10 clients, PostgreSQL
 *    with named statements, PostgreSQL without them (DATABASE_NAMED_STATEMENTS=0, as before issue 26), and the
 *    embedded database;
 * 2. one member alone on a warm server: the server's own time for each page (its `Server-Timing` header: database
 *    wait, the rest, and the statements it sent), p50 and p99 of 200 sequential requests.
 * Writes its section of bench/RESULTS.md. Needs the local PostgreSQL (BENCH_DATABASE_URL).
 * BENCH_MEMBERS_S shortens the load runs (default 10 s each) when debugging.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { benchCleanup } from './cleanup'
import { loginDemoMember } from './demo-login'
import { machine, machineLine } from './report'
import { bareServer, memoryOf, rawGet, spawnServer, type ServerProcess } from './server-process'
import { createBenchDatabase, ensureBuild, ROOT } from './setup'

const CONNECTIONS = 10
const DURATION_S = Number(process.env.BENCH_MEMBERS_S ?? 10)
const WARMUP_S = Math.min(2, DURATION_S)
const ALONE_REQUESTS = 200
const OVERALL_TIMEOUT_MS = 20 * 60_000

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
if (!/^postgres(ql)?:\/\/[^/]*@?(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//.test(adminUrl)) {
  console.error(`BENCH_DATABASE_URL must point at a loopback PostgreSQL server, got ${adminUrl}`)
  process.exit(2)
}
process.chdir(ROOT)
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-members-'))
const { cleanups, cleanup } = benchCleanup('bench/member-pages.ts', OVERALL_TIMEOUT_MS, () => fs.rmSync(tmp, { recursive: true, force: true }))
const step = (s: string) => console.log(`- ${s}`)

interface Rate {
  rps: number
  p50: number
  p99: number
  bad: number
}
interface Alone {
  totalP50: number
  totalP99: number
  dbP50: number
  appP50: number
  statements: number
}
interface PageFigures {
  path: string
  bytes: number
  real: Rate
  bare: Rate
  alone: Alone
}

async function load(url: string, headers: Record<string, string>, duration = DURATION_S): Promise<Rate> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration, timeout: 10, headers })
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts }
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]

/** The server's own account of one request: `db;dur=…;desc="N statements", app;dur=…, total;dur=…`. */
function serverTiming(header: string | string[] | undefined): { db: number; app: number; total: number; statements: number } {
  const h = String(header ?? '')
  const dur = (name: string) => Number(new RegExp(`${name};dur=([\\d.]+)`).exec(h)?.[1] ?? NaN)
  return { db: dur('db'), app: dur('app'), total: dur('total'), statements: Number(/"(\d+) statements"/.exec(h)?.[1] ?? NaN) }
}

async function alone(url: string, headers: Record<string, string>): Promise<Alone> {
  const samples: ReturnType<typeof serverTiming>[] = []
  for (let i = 0; i < ALONE_REQUESTS; i++) {
    const res = await rawGet(url, headers)
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`)
    samples.push(serverTiming(res.headers['server-timing']))
  }
  const q = (key: keyof ReturnType<typeof serverTiming>, p: number) =>
    quantile(
      samples.map((s) => s[key]),
      p,
    )
  return { totalP50: q('total', 0.5), totalP99: q('total', 0.99), dbP50: q('db', 0.5), appP50: q('app', 0.5), statements: q('statements', 0.5) }
}

/** The member's pages, with ids read off the pages themselves (the first card, the first conversation). */
async function memberPaths(origin: string, headers: Record<string, string>): Promise<string[]> {
  const members = (await rawGet(`${origin}/members?country=`, headers)).body.toString()
  const cards = members.match(/href="\/members\/\d+"/g) ?? []
  if (cards.length < 24) throw new Error(`/members?country= shows ${cards.length} cards, expected 24`)
  const profile = /\/members\/(\d+)/.exec(cards[0] ?? '')?.[1] ?? ''
  const chats = (await rawGet(`${origin}/chats`, headers)).body.toString()
  const chat = /href="\/chats\/(\d+)"/.exec(chats)?.[1]
  if (!chat) throw new Error('/chats lists no conversation for the demo member')
  return ['/members?country=', `/members/${profile}`, '/chats', `/chats/${chat}`, '/likes']
}

/** Resident memory, and what the server's own /metrics says of it (this host may read it): V8's heap and external. */
interface Memory {
  rssMiB: number
  heapUsedMiB: number
  heapTotalMiB: number
  externalMiB: number
}

async function memory(server: ServerProcess): Promise<Memory> {
  const text = (await rawGet(`${server.origin}/metrics`)).body.toString()
  const mib = (name: string) => Number(new RegExp(`^${name} ([\\d.e+]+)`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20
  return {
    rssMiB: memoryOf(server.pid).rssMiB,
    heapUsedMiB: mib('nodejs_heap_size_used_bytes'),
    heapTotalMiB: mib('nodejs_heap_size_total_bytes'),
    externalMiB: mib('nodejs_external_memory_bytes'),
  }
}

async function measure(label: string, server: ServerProcess, dataDir: string): Promise<{ pages: PageFigures[]; memory: Memory }> {
  const headers = { cookie: await loginDemoMember(server.origin, dataDir) }
  const pages: PageFigures[] = []
  for (const p of await memberPaths(server.origin, headers)) {
    const sample = await rawGet(server.origin + p, headers)
    if (sample.status !== 200) throw new Error(`${p}: ${sample.status}`)
    step(
      `${label}: ${p} (${(sample.body.length / 1024).toFixed(1)} KB): warm-up, ${DURATION_S} s × ${CONNECTIONS} clients, bare node:http, then one member alone`,
    )
    await load(server.origin + p, headers, WARMUP_S)
    const real = await load(server.origin + p, headers)
    const bare = await bareServer(sample.body, String(sample.headers['content-type']), 'bare', tmp)
    const bareRate = await load(bare.origin + p, {}).finally(() => bare.stop())
    pages.push({ path: p.replace(/\/\d+$/, '/{id}'), bytes: sample.body.length, real, bare: bareRate, alone: await alone(server.origin + p, headers) })
  }
  return { pages, memory: await memory(server) }
}

async function startSeeded(env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServer({ ...env, SEED_DEMO: '1', PAGE_CACHE_SECONDS: '0' }, { timeoutMs: 180_000 })
  cleanups.push(() => server.stop())
  // Let the job runner work through what the seed left before measuring.
  await new Promise((r) => setTimeout(r, 3000))
  return server
}

type Run = { label: string; pages: PageFigures[]; memory: Memory }

function table(title: string, runs: Run[]): string {
  const lines = [
    `| ${title} | ${runs.map((r) => `${r.label}: req/s, p50 / p99`).join(' | ')} | bare node:http, same bytes |`,
    `|---|${runs.map(() => '---:').join('|')}|---:|`,
  ]
  const paths = runs[0].pages.map((p) => p.path)
  for (const [i, p] of paths.entries()) {
    const cells = runs.map((r) => {
      const f = r.pages[i].real
      return `${f.rps.toFixed(0)}, ${f.p50} / ${f.p99} ms${f.bad ? ` (${f.bad} bad)` : ''}`
    })
    lines.push(`| \`${p}\` (${(runs[0].pages[i].bytes / 1024).toFixed(0)} KB) | ${cells.join(' | ')} | ${runs[0].pages[i].bare.rps.toFixed(0)} |`)
  }
  lines.push(`| resident memory after the load | ${runs.map((r) => `${r.memory.rssMiB.toFixed(0)} MB`).join(' | ')} | |`)
  lines.push(
    `| of it: V8 heap used / total, external (the embedded database's WASM memory is external) | ${runs.map((r) => `${r.memory.heapUsedMiB.toFixed(0)} / ${r.memory.heapTotalMiB.toFixed(0)} MB, ${r.memory.externalMiB.toFixed(0)} MB`).join(' | ')} | |`,
  )
  lines.push('')
  lines.push(
    `| One member alone, ${ALONE_REQUESTS} sequential requests (Server-Timing) | ${runs.map((r) => `${r.label}: total p50 / p99, db p50, rest p50, statements`).join(' | ')} |`,
  )
  lines.push(`|---|${runs.map(() => '---:').join('|')}|`)
  for (const [i, p] of paths.entries()) {
    const cells = runs.map((r) => {
      const a = r.pages[i].alone
      return `${a.totalP50.toFixed(1)} / ${a.totalP99.toFixed(1)} ms, ${a.dbP50.toFixed(1)} ms, ${a.appP50.toFixed(1)} ms, ${a.statements}`
    })
    lines.push(`| \`${p}\` | ${cells.join(' | ')} |`)
  }
  return lines.join('\n')
}

async function main() {
  ensureBuild()
  const runs: Run[] = []
  const variants: { label: string; env: Record<string, string> }[] = [
    { label: 'PostgreSQL', env: { DATABASE_NAMED_STATEMENTS: '1' } },
    { label: 'PostgreSQL, unnamed statements', env: { DATABASE_NAMED_STATEMENTS: '0' } },
  ]
  for (const [i, v] of variants.entries()) {
    const database = await createBenchDatabase(adminUrl)
    cleanups.push(() => database.drop())
    const dataDir = path.join(tmp, `pg-${i}`)
    const server = await startSeeded({ DATABASE_URL: database.url, DATA_DIR: dataDir, ...v.env })
    runs.push({ label: v.label, ...(await measure(v.label, server, dataDir)) })
    await server.stop()
  }
  const embeddedDir = path.join(tmp, 'embedded')
  const embedded = await startSeeded({ DATA_DIR: embeddedDir })
  runs.push({ label: 'embedded', ...(await measure('embedded', embedded, embeddedDir)) })
  await embedded.stop()

  const m = machine('PostgreSQL and the embedded database')
  const section = [
    '<!-- member-pages:start -->',
    '## Logged-in pages (issue 26)',
    '',
    `Method: bench/member-pages.ts. The production build (\`node server/index.js\`, SUPERVISE=0) with the demo seed, logged in as the demo member Anna; autocannon, ${CONNECTIONS} keep-alive connections for ${DURATION_S} s per page after a ${WARMUP_S} s warm-up, uncompressed; the bare node:http server answers the same bytes in the same run. "Unnamed statements" is the same server with DATABASE_NAMED_STATEMENTS=0 (every statement parsed and planned per request, as before issue 26). The one-member figures are the server's own \`Server-Timing\` header.`,
    '',
    machineLine(m),
    '',
    `${new Date().toISOString().slice(0, 10)}:`,
    '',
    table('Page, 10 clients', runs),
    '<!-- member-pages:end -->',
  ].join('\n')
  console.log(`\n${section}\n`)
  const file = path.join(ROOT, 'bench/RESULTS.md')
  const previous = fs.readFileSync(file, 'utf8')
  const re = /<!-- member-pages:start -->[\s\S]*?<!-- member-pages:end -->/
  fs.writeFileSync(file, re.test(previous) ? previous.replace(re, section) : `${previous.trimEnd()}\n\n${section}\n`)
}

main()
  .then(() => cleanup())
  .catch(async (e: unknown) => {
    console.error(e)
    await cleanup()
    process.exit(1)
  })
