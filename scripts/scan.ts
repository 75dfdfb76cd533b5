/**
 * `npm run scan` (issue 15; not in CI): the production build with two logged-in demo members, scanned by wapiti and
 * sqlmap (Debian packages) over every form and API, then the cross-member checks. Prints the findings by tool and
 * severity and exits non-zero when a finding above low is open (not a false positive in scripts/scan-triage.json),
 * when a member's session did not survive the scan, or when a tool did not run. Reports in scan-results/.
 * docs/security.md ("Scanning") says what is scanned, what is left out and why, and the triage of every finding.
 *
 * Time limits (seconds; the defaults keep the whole run under 15 minutes on 2 cores): SCAN_CRAWL_S (wapiti's crawl,
 * default 120), SCAN_XSS_S (each module of wapiti's first run: XSS, SQL, SSRF, redirects, headers; default 240),
 * SCAN_ATTACK_S (each module of its second: blind SQL, command execution, files; default 60), SCAN_SQLMAP_S (each
 * sqlmap run, default 600).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { stopAll } from './scan/children'
import { csrfProbe, storedMarkupSweep } from './scan/cross-member'
import { aboveLow, SEVERITIES, type Finding } from './scan/findings'
import { startGuardProxy, type GuardStats } from './scan/guard-proxy'
import { startSsrfEndpoint } from './scan/ssrf-endpoint'
import { anonymousRequests, apiRequests, requestFile, runSqlmap, type ScanIds, type SqlmapResult } from './scan/sqlmap'
import { choosePort, demoPassword, ensureBuild, getJson, login, prepareData, ROOT, sessionAlive, startTarget, type Member } from './scan/target'
import { parseTriage, triage } from './scan/triage'
import { runWapiti, wapitiFindings } from './scan/wapiti'

const CRAWL_S = Number(process.env.SCAN_CRAWL_S ?? 120)
const XSS_S = Number(process.env.SCAN_XSS_S ?? 240)
const ATTACK_S = Number(process.env.SCAN_ATTACK_S ?? 60)
const SQLMAP_S = Number(process.env.SCAN_SQLMAP_S ?? 600)
const OUT = path.join(ROOT, 'scan-results')
const TRIAGE_FILE = path.join(ROOT, 'scripts/scan-triage.json')
const started = performance.now()
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s`
const log = (s: string) => console.log(`[${elapsed()}] ${s}`)

function toolVersion(cmd: string, args: string[]): string | null {
  const r = spawnSync(cmd, args, { encoding: 'utf8' })
  if (r.error) return null
  return (r.stdout + r.stderr).match(/(\d+\.\d+(?:\.\d+)?)/)?.[1] ?? '?'
}

const wapitiVersion = toolVersion('wapiti', ['--version'])
const sqlmapVersion = toolVersion('sqlmap', ['--version'])
if (!wapitiVersion || !sqlmapVersion) {
  console.error('npm run scan needs wapiti and sqlmap on the PATH (Debian: apt-get install wapiti sqlmap).')
  process.exit(2)
}
const triageEntries = parseTriage(JSON.parse(fs.readFileSync(TRIAGE_FILE, 'utf8')))

const cleanups: (() => Promise<void> | void)[] = []
async function cleanup() {
  stopAll()
  for (const fn of cleanups.reverse()) {
    try {
      await fn()
    } catch (e) {
      console.error('cleanup:', (e as Error).message)
    }
  }
  cleanups.length = 0
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => void cleanup().finally(() => process.exit(130)))

async function scanIds(origin: string, a: Member, b: Member): Promise<ScanIds> {
  const chats = (await getJson(origin, '/api/chats.php', a.sid)) as { chats: { conversation: number; profile: { id: number } }[] }
  const chat = chats.chats.find((c) => c.profile.id === b.profileId)
  if (!chat) throw new Error('the demo members have no conversation: is the demo seed current?')
  const page = (await getJson(origin, `/chats/${chat.conversation}/messages?before=${Number.MAX_SAFE_INTEGER}`, a.sid)) as { messages: { id: number }[] }
  const photoOf = async (m: Member) => ((await getJson(origin, '/api/photos.php', m.sid)) as { photos: { id: number }[] }).photos[0]?.id ?? 1
  return {
    partnerProfileId: b.profileId,
    conversationId: chat.conversation,
    messageId: Math.max(...page.messages.map((m) => m.id)),
    ownPhotoId: await photoOf(a),
    partnerPhotoId: await photoOf(b),
  }
}

async function sqlmapAll(origin: string, anna: Member, proxyUrl: string, ids: ScanIds): Promise<SqlmapResult[]> {
  const dir = path.join(OUT, 'sqlmap')
  fs.mkdirSync(dir, { recursive: true })
  const results: SqlmapResult[] = []
  const apiFile = path.join(dir, 'api-requests.txt')
  fs.writeFileSync(apiFile, requestFile(origin, apiRequests(ids)))
  const anonFile = path.join(dir, 'anonymous-requests.txt')
  fs.writeFileSync(anonFile, requestFile(origin, anonymousRequests()))
  const base = { origin, proxyUrl, log, timeoutSeconds: SQLMAP_S }
  // Three runs side by side, each within the budget: the member's listed requests, the member's forms, and the
  // visitor's (the login API, then the forms reached from /login: login, signup, reset, complaints).
  const visitor = async () => {
    const loginApi = await runSqlmap({ ...base, label: 'login API (visitor)', sid: null, outDir: path.join(dir, 'anonymous-api'), requestFile: anonFile })
    const left = Math.max(30, SQLMAP_S - loginApi.seconds)
    return [
      loginApi,
      await runSqlmap({
        ...base,
        timeoutSeconds: left,
        label: 'forms, crawled from /login (visitor)',
        sid: null,
        outDir: path.join(dir, 'forms-visitor'),
        crawlFrom: `${origin}/login`,
      }),
    ]
  }
  const [api, forms, visitorRuns] = await Promise.all([
    runSqlmap({ ...base, label: 'API and page parameters (member A)', sid: anna.sid, outDir: path.join(dir, 'api'), requestFile: apiFile }),
    runSqlmap({
      ...base,
      label: 'forms, crawled from /members (member A)',
      sid: anna.sid,
      outDir: path.join(dir, 'forms-member'),
      crawlFrom: `${origin}/members`,
    }),
    visitor(),
  ])
  results.push(api, forms, ...visitorRuns)
  return results
}

/** 5xx answers the server gave a scanner: an input it did not expect reached an unhandled error. */
function serverErrorFindings(tool: Finding['tool'], stats: GuardStats): Finding[] {
  return Object.entries(stats.serverErrors).map(([key, n]) => {
    const [method, p] = key.split(' ')
    return { tool, category: 'Server error', severity: 'medium' as const, method, path: p, parameter: '', info: `${n} answer(s) with status 5xx` }
  })
}

function severityCounts(findings: Finding[]): string {
  return SEVERITIES.map((s) => `${s} ${findings.filter((f) => f.severity === s).length}`).join(', ')
}

async function main(): Promise<number> {
  fs.rmSync(OUT, { recursive: true, force: true })
  fs.mkdirSync(OUT, { recursive: true })
  log(`wapiti ${wapitiVersion}, sqlmap ${sqlmapVersion}`)
  ensureBuild(log)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-data-'))
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
  prepareData(dataDir)
  log('per-member write limits raised for the scan (the setting write_limits): scanners send hundreds of posts per form')
  const target = await startTarget(dataDir, await choosePort())
  cleanups.push(() => {
    fs.writeFileSync(path.join(OUT, 'server.log'), target.output())
    return target.stop()
  })
  const { origin } = target
  log(`server at ${origin} (production build, embedded database with the demo data, no test hooks)`)
  const anna = await login(origin, 'A', 'anna@demo.local', demoPassword(dataDir, 'anna@demo.local'))
  const ben = await login(origin, 'B', 'ben@demo.local', demoPassword(dataDir, 'ben@demo.local'))
  log(`logged in: member A (profile ${anna.profileId}) and member B (profile ${ben.profileId})`)
  const ids = await scanIds(origin, anna, ben)

  const ssrf = await startSsrfEndpoint()
  cleanups.push(() => ssrf.close())
  const allowed = [origin, ssrf.url.replace(/\/$/, '')]
  const rules = { partnerProfileId: ben.profileId, samplesPerShape: 3 }
  const wapitiProxy = await startGuardProxy(allowed, rules)
  const sqlmapProxy = await startGuardProxy(allowed, rules)
  cleanups.push(
    () => wapitiProxy.close(),
    () => sqlmapProxy.close(),
  )

  log(`wapiti as member A (crawl ≤ ${CRAWL_S} s, then each module ≤ ${XSS_S} s or ≤ ${ATTACK_S} s) and sqlmap (three runs side by side, each ≤ ${SQLMAP_S} s)`)
  const startPaths = [
    '/members',
    '/chats',
    `/chats/${ids.conversationId}`,
    `/members/${ben.profileId}`,
    '/likes',
    '/profile',
    '/notifications',
    '/credits',
    '/premium',
    '/pricing',
    '/match-finder',
    '/swipe-game',
    '/complaints',
    '/transactions',
    '/directdebit',
  ]
  const [wapiti, sqlmap] = await Promise.all([
    runWapiti({
      origin,
      sid: anna.sid,
      proxyUrl: wapitiProxy.url,
      ssrfEndpoint: ssrf.url,
      startPaths,
      outDir: path.join(OUT, 'wapiti'),
      crawlSeconds: CRAWL_S,
      attackSeconds: [XSS_S, ATTACK_S],
      log: (l) => log(`wapiti: ${l}`),
    }),
    sqlmapAll(origin, anna, sqlmapProxy.url, ids),
  ])
  log(`wapiti finished after ${wapiti.seconds.toFixed(0)} s (exit ${wapiti.exitCode})`)

  const problems: string[] = []
  if (wapiti.exitCode !== 0 || !fs.existsSync(wapiti.reportFile))
    problems.push(`wapiti did not complete (exit ${wapiti.exitCode}): see scan-results/wapiti/wapiti.log`)
  for (const m of [anna, ben])
    if (!(await sessionAlive(origin, m))) problems.push(`member ${m.label}'s session ended during the scan: a request that logs out got through the guard`)

  log("cross-member checks: member B opens the pages showing member A; cross-origin posts with member A's cookie")
  const sweepPaths = [
    `/chats/${ids.conversationId}`,
    '/chats',
    `/members/${anna.profileId}`,
    '/likes',
    '/likes/received',
    '/members?gender=female&country=',
    '/notifications',
    '/match-finder',
  ]
  const stored = await storedMarkupSweep(origin, ben.sid, sweepPaths)
  const csrf = await csrfProbe(origin, anna.sid, ids.conversationId)

  const findings: Finding[] = [
    ...(fs.existsSync(wapiti.reportFile) ? wapitiFindings(JSON.parse(fs.readFileSync(wapiti.reportFile, 'utf8'))) : []),
    ...sqlmap.flatMap((r) => r.findings),
    ...serverErrorFindings('sqlmap', sqlmapProxy.stats),
    ...stored,
    ...csrf.findings,
  ]
  const { accepted, open } = triage(findings, triageEntries)
  const failing = open.filter((f) => aboveLow(f.severity))

  printSummary({
    wapitiStats: wapitiProxy.stats,
    ssrfHits: ssrf.hits,
    sqlmap,
    sqlmapStats: sqlmapProxy.stats,
    pagesSwept: sweepPaths.length,
    csrfTried: csrf.tried,
    findings,
    accepted,
    open,
    problems,
  })
  writeSummary({ wapitiStats: wapitiProxy.stats, sqlmapStats: sqlmapProxy.stats, sqlmap, findings, open, problems })
  console.log(`\nReports in scan-results/. Total ${elapsed().trim()}.`)
  if (failing.length) console.log(`✖ ${failing.length} open finding(s) above low.`)
  return failing.length || problems.length ? 1 : 0
}

type ProxyStats = Awaited<ReturnType<typeof startGuardProxy>>['stats']
type SqlmapResults = Awaited<ReturnType<typeof sqlmapAll>>
type Triaged = ReturnType<typeof triage>

/** What the scan did and found, on the console. */
function printSummary(r: {
  wapitiStats: ProxyStats
  ssrfHits: number
  sqlmap: SqlmapResults
  sqlmapStats: ProxyStats
  pagesSwept: number
  csrfTried: number
  findings: Finding[]
  accepted: Triaged['accepted']
  open: Triaged['open']
  problems: string[]
}) {
  const { sqlmap, findings, accepted, open, problems } = r
  console.log('\n== Summary')
  console.log(
    `wapiti ${wapitiVersion}: ${r.wapitiStats.requests} requests, left out: ${JSON.stringify(r.wapitiStats.refused)}, statuses: ${JSON.stringify(r.wapitiStats.byStatus)}, SSRF endpoint hits: ${r.ssrfHits}`,
  )
  for (const r of sqlmap)
    console.log(
      `sqlmap ${sqlmapVersion} ${r.label}: ${r.reached} of ${r.targets} requests or forms reached, ${r.tested.length} parameters tested in ${r.seconds.toFixed(0)} s${r.timedOut ? ' (stopped at its time limit)' : ''}, heuristic hints ${r.hints.length}, injectable: ${
        r.findings
          .filter((f) => f.severity === 'critical')
          .map((f) => `${f.parameter} @ ${f.path}`)
          .join('; ') || 'none'
      }`,
    )
  console.log(
    `sqlmap requests: ${r.sqlmapStats.requests}, left out: ${JSON.stringify(r.sqlmapStats.refused)}, statuses: ${JSON.stringify(r.sqlmapStats.byStatus)}`,
  )
  console.log(`cross-member: ${r.pagesSwept} pages of member A opened by member B, ${r.csrfTried} cross-origin posts`)
  for (const tool of ['wapiti', 'sqlmap', 'cross-member'] as const) {
    const mine = findings.filter((f) => f.tool === tool)
    console.log(
      `${tool.padEnd(12)} findings: ${severityCounts(mine)} (triaged ${accepted.filter((a) => a.finding.tool === tool).length}, open ${open.filter((f) => f.tool === tool).length})`,
    )
  }
  const byEntry = new Map<string, number>()
  for (const a of accepted)
    byEntry.set(
      `${a.finding.severity} ${a.entry.tool} ${a.entry.category}: ${a.entry.reason}`,
      (byEntry.get(`${a.finding.severity} ${a.entry.tool} ${a.entry.category}: ${a.entry.reason}`) ?? 0) + 1,
    )
  if (byEntry.size) console.log('\nTriaged (scripts/scan-triage.json):')
  for (const [k, n] of byEntry) console.log(`  ${n} x ${k}`)
  if (open.length) console.log('\nOpen findings:')
  for (const f of open)
    console.log(`  ${f.severity.padEnd(8)} ${f.tool} ${f.category}: ${f.method} ${f.path} ${f.parameter ? `[${f.parameter}] ` : ''}${f.info.slice(0, 200)}`)
  for (const r of sqlmap.filter((x) => x.timedOut))
    console.log(`! sqlmap ${r.label} reached ${r.reached} of its ${r.targets} requests or forms in its time (a busy machine): SCAN_SQLMAP_S gives it more`)
  for (const p of problems) console.log(`✖ ${p}`)
}

/** The same as JSON, in scan-results/summary.json. */
function writeSummary(r: {
  wapitiStats: ProxyStats
  sqlmapStats: ProxyStats
  sqlmap: SqlmapResults
  findings: Finding[]
  open: Triaged['open']
  problems: string[]
}) {
  const { sqlmap, findings, open, problems } = r
  fs.writeFileSync(
    path.join(OUT, 'summary.json'),
    JSON.stringify(
      {
        seconds: (performance.now() - started) / 1000,
        versions: { wapiti: wapitiVersion, sqlmap: sqlmapVersion },
        wapitiRequests: r.wapitiStats,
        sqlmapRequests: r.sqlmapStats,
        sqlmap: sqlmap.map((r) => ({
          label: r.label,
          seconds: r.seconds,
          timedOut: r.timedOut,
          tested: r.tested,
          hints: r.hints,
          reached: r.reached,
          targets: r.targets,
        })),
        findings,
        open,
        problems,
      },
      null,
      2,
    ),
  )
}

main()
  .then(async (code) => {
    await cleanup()
    process.exit(code)
  })
  .catch(async (e) => {
    console.error(e)
    await cleanup()
    process.exit(1)
  })
