/**
 * Where the server's time goes (issue 14, docs/performance.md). Not part of `npm run bench`:
 *
 *   node --import tsx bench/profile.ts                 # profile the production server under load, then analyse
 *   node --import tsx bench/profile.ts a.cpuprofile    # analyse existing V8 CPU profiles only
 *
 * The first form starts the production build on a temporary embedded database (demo seed), then for each target
 * (GET /api/settings.php, anonymous GET /, logged-in GET /members?country=, /chats and /chats/1) starts `node --cpu-prof server/index.js`
 * again, loads the target with autocannon (10 connections, BENCH_PROFILE_S seconds, default 10) and stops the server,
 * which writes its .cpuprofile. The analysis keeps the samples of the load window only (not start-up or shutdown)
 * and prints self time by function and by package or file, and inclusive time of the app's own functions.
 * Profiles are kept in BENCH_PROFILE_DIR (default .tmp/profiles, git-ignored). BENCH_DATABASE_URL (a loopback
 * PostgreSQL server) runs them on a fresh database of it; BENCH_PROFILE_TARGETS=members,chat picks targets by name.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { rawGet, spawnServer, waitIdle } from './server-process'
import { createBenchDatabase, ensureBuild, ROOT } from './setup'
import { loginDemoMember } from './demo-login'

const DURATION_S = Number(process.env.BENCH_PROFILE_S ?? 10)
const CONNECTIONS = 10
const TOP = 25

interface CallFrame {
  functionName: string
  url: string
  lineNumber: number
  columnNumber: number
}
interface ProfileNode {
  id: number
  callFrame: CallFrame
  children?: number[]
}
interface CpuProfile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

const rootUrl = `file://${ROOT}/`

/** Where a frame's code lives: an npm package, a file of the server build, Node itself, or V8's pseudo-frames. */
function placeOf(url: string): string {
  if (!url) return '(V8)'
  if (url.startsWith('node:')) return 'node (built-in)'
  const rel = url.startsWith(rootUrl) ? url.slice(rootUrl.length) : url
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(rel)
  if (nm) return nm[1]
  return rel.replace(/-[\w-]{8}\.js$/, '.js')
}

function frameName(f: CallFrame): string {
  const rel = f.url.startsWith(rootUrl) ? f.url.slice(rootUrl.length) : f.url
  const short = rel.replace(/^.*node_modules\//, '').replace(/-[\w-]{8}\.js$/, '.js')
  return `${f.functionName || '(anonymous)'}${short ? ` ${short}:${f.lineNumber + 1}` : ''}`
}

/**
 * Sums sample time by function (self and inclusive) and by place. `window`, in ms before the profile's end:
 * only samples in [end - window.fromEndMs, end - window.toEndMs] count.
 */
export function analyse(file: string, window?: { fromEndMs: number; toEndMs: number }): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)

  const self = new Map<string, number>()
  const inclusive = new Map<string, number>()
  const inclusiveAll = new Map<string, number>()
  const places = new Map<string, number>()
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v)
  let t = profile.startTime
  let total = 0
  let idle = 0
  const from = window ? profile.endTime - window.fromEndMs * 1000 : -Infinity
  const to = window ? profile.endTime - window.toEndMs * 1000 : Infinity
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]
    if (t < from || t > to) continue
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000
    const node = byId.get(profile.samples[i])!
    total += dt
    if (node.callFrame.functionName === '(idle)') {
      idle += dt
      continue
    }
    add(self, frameName(node.callFrame), dt)
    add(places, placeOf(node.callFrame.url) + (node.callFrame.url ? '' : ` ${node.callFrame.functionName}`), dt)
    const seen = new Set<string>()
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id)!.callFrame
      const k = frameName(f)
      if (seen.has(k) || f.functionName === '(root)') continue
      seen.add(k)
      add(inclusiveAll, k, dt)
      if (f.url.includes('build/server/')) add(inclusive, k, dt)
    }
  }
  const busy = total - idle
  const rows = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${((100 * v) / busy).toFixed(1).padStart(5)} %  ${v.toFixed(0).padStart(6)} ms  ${k}`)
  return [
    `${path.basename(file)}: ${(total / 1000).toFixed(1)} s sampled, busy ${(busy / 1000).toFixed(1)} s (${((100 * busy) / total).toFixed(0)} %), idle ${(idle / 1000).toFixed(1)} s; percentages are of busy time`,
    `top ${TOP} by self time (function, file:line):`,
    ...rows(self, TOP),
    'self time by package or file:',
    ...rows(places, 15),
    `top ${TOP} functions by inclusive time (on the stack; an async function counts until its first await):`,
    ...rows(inclusiveAll, TOP),
    `top ${TOP} functions of the server build by inclusive time:`,
    ...rows(inclusive, TOP),
  ].join('\n')
}

async function profileAll() {
  process.chdir(ROOT)
  ensureBuild()
  const outDir = path.resolve(process.env.BENCH_PROFILE_DIR ?? path.join(ROOT, '.tmp/profiles'))
  fs.mkdirSync(outDir, { recursive: true })
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'))
  // BENCH_DATABASE_URL: on a fresh database of that PostgreSQL server instead of the embedded one (issue 26 measures
  // members' pages on PostgreSQL). BENCH_PROFILE_TARGETS: a comma-separated subset of the targets' names.
  const database = process.env.BENCH_DATABASE_URL ? await createBenchDatabase(process.env.BENCH_DATABASE_URL) : null
  const env: Record<string, string> = { DATA_DIR: tmp, ...(database ? { DATABASE_URL: database.url } : {}) }
  const only = process.env.BENCH_PROFILE_TARGETS?.split(',')
  try {
    console.log('- first start: migrations and demo seed')
    const seedRun = await spawnServer({ ...env, SEED_DEMO: '1' })
    await waitIdle(seedRun.pid)
    await seedRun.stop()
    const targets: { name: string; path: string; loggedIn: boolean }[] = [
      { name: 'settings', path: '/api/settings.php', loggedIn: false },
      { name: 'home', path: '/', loggedIn: false },
      { name: 'members', path: '/members?country=', loggedIn: true },
      { name: 'chats', path: '/chats', loggedIn: true },
      // The demo's one conversation, Anna's with Ben.
      { name: 'chat', path: '/chats/1', loggedIn: true },
    ].filter((t) => !only || only.includes(t.name))
    const reports: string[] = []
    for (const target of targets) {
      const file = path.join(outDir, `${target.name}.cpuprofile`)
      fs.rmSync(file, { force: true })
      const server = await spawnServer(env, { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', outDir, '--cpu-prof-name', `${target.name}.cpuprofile`] })
      try {
        await waitIdle(server.pid)
        const headers: Record<string, string> = target.loggedIn ? { cookie: await loginDemoMember(server.origin, tmp) } : {}
        const check = await rawGet(server.origin + target.path, headers)
        if (check.status !== 200) throw new Error(`${target.path}: ${check.status}`)
        console.log(`- ${target.path}: ${CONNECTIONS} connections, ${DURATION_S} s under --cpu-prof`)
        const r = await autocannon({ url: server.origin + target.path, connections: CONNECTIONS, duration: DURATION_S, headers })
        const stopAt = performance.now()
        await server.stop()
        const shutdownMs = performance.now() - stopAt
        console.log(`  ${r.requests.average.toFixed(0)} requests/s under the profiler (${r.non2xx} non-2xx); shutdown ${shutdownMs.toFixed(0)} ms`)
        // The load window: from the end of the profile, skip the shutdown, keep the run (less 0.5 s at each edge).
        reports.push(analyse(file, { fromEndMs: shutdownMs + DURATION_S * 1000 - 500, toEndMs: shutdownMs + 500 }))
      } finally {
        await server.stop()
      }
    }
    console.log(`\nProfiles in ${outDir}\n`)
    console.log(reports.join('\n\n'))
  } finally {
    await database?.drop()
    fs.rmSync(tmp, { recursive: true, force: true })
  }
}

const files = process.argv.slice(2)
if (files.length) for (const f of files) console.log(`${analyse(f)}\n`)
else
  await profileAll().catch((e) => {
    console.error(e)
    process.exit(1)
  })
