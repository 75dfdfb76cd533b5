/**
 * `npm run bench` (after bench/overhead.ts), or alone: `node --import tsx bench/lighthouse.ts`. Lighthouse (mobile
 * default config: simulated Moto G Power on slow 4G, 4× CPU slowdown) on the production build with Debian's
 * Chromium, offline: `/`, `/login`, `/signup` anonymous, `/members`, `/members/{id}` and `/chats/{id}` logged in as
 * the demo member Anna. Each page LIGHTHOUSE_RUNS times (default 3); the table shows the median of each figure and
 * the opportunities of the median run (by performance score). Writes its section of bench/RESULTS.md.
 * LIGHTHOUSE_PAGES=/login,/members restricts the pages (debugging); LIGHTHOUSE_REPORT_DIR keeps the median runs'
 * JSON reports there.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { Result as LighthouseResult } from 'lighthouse'
import { machine, machineLine } from './report'
import { spawnServer, waitIdle } from './server-process'
import { ensureBuild, ROOT } from './setup'
import { benchCleanup } from './cleanup'
import { DEMO_EMAIL, loginDemoMember } from './demo-login'

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const OVERALL_TIMEOUT_MS = 8 * 60_000
// Without it some visitors (by country) first see the entry warning dialog, which would be measured instead.
const ENTRY_WARNING_COOKIE = 'entry_warning_skipped=1'
// Anna's own default search (men in NL) finds only a handful; all countries fill the page with 24 cards.
const MEMBERS_PATH = '/members?country='
const TARGETS = { performance: 95, accessibility: 100, cls: 0 }

process.chdir(ROOT)
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'))
const step = (s: string) => console.log(`- ${s}`)

const { cleanups, cleanup } = benchCleanup('bench/lighthouse.ts', OVERALL_TIMEOUT_MS, () => fs.rmSync(tmp, { recursive: true, force: true }))

/** The first `href="<prefix><id>"` of a page, as Anna sees it. */
async function firstId(origin: string, page: string, cookie: string, prefix: string): Promise<number> {
  const res = await fetch(origin + page, { headers: { cookie }, signal: AbortSignal.timeout(30_000) })
  const html = await res.text()
  const m = new RegExp(`href="${prefix.replace(/[/?]/g, '\\$&')}(\\d+)"`).exec(html)
  if (res.status !== 200 || !m) throw new Error(`${page} as ${DEMO_EMAIL}: status ${res.status}, no link to ${prefix}{id}`)
  return Number(m[1])
}

interface Page {
  label: string
  path: string
  loggedIn: boolean
}

interface Run {
  performance: number
  accessibility: number
  cls: number
  lcp: number
  tbt: number
  fcp: number
  si: number
  /** First contentful paint as the unthrottled trace saw it: what started before it counts into the simulated FCP. */
  observedFcp: number
  lhr: LighthouseResult
}

interface Finding {
  id: string
  title: string
  /** What Lighthouse estimates the fix would save (ms of LCP/FCP, TBT, or bytes), as displayed. */
  savings: string
  /** Sort key: the largest of the estimated metric savings in ms (CLS × 1000), or wasted bytes / 100. */
  weight: number
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

/**
 * One run, and a second where Lighthouse itself lost the trace (NO_NAVSTART: "Please run Lighthouse again", seen on
 * this machine once in 18 runs); a run that failed for any other reason fails the bench.
 */
async function runOnceRetried(url: string, port: number, cookie: string): Promise<Run> {
  try {
    return await runOnce(url, port, cookie)
  } catch (e) {
    if (!/NO_NAVSTART/.test(String(e))) throw e
    console.warn(`  ${url}: Lighthouse lost the trace (NO_NAVSTART); running it again`)
    return runOnce(url, port, cookie)
  }
}

async function runOnce(url: string, port: number, cookie: string): Promise<Run> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: { Cookie: cookie },
    },
    undefined,
  )
  if (!result) throw new Error(`${url}: Lighthouse returned nothing`)
  const lhr = result.lhr
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const warnings = lhr.runWarnings.filter((w) => !/slow|interference/i.test(w))
  if (warnings.length) console.warn(`  warnings for ${url}: ${warnings.join(' | ')}`)
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    cls: num('cumulative-layout-shift'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    fcp: num('first-contentful-paint'),
    si: num('speed-index'),
    observedFcp:
      (lhr.audits.metrics?.details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined)?.items?.[0]?.observedFirstContentfulPaint ?? NaN,
    lhr,
  }
}

/** The performance audits that did not pass and estimate a saving, and the diagnostics that did not pass. */
function findings(lhr: LighthouseResult): { opportunities: Finding[]; diagnostics: Finding[]; accessibility: Finding[] } {
  const perfRefs = lhr.categories.performance?.auditRefs ?? []
  const opportunities: Finding[] = []
  const diagnostics: Finding[] = []
  for (const ref of perfRefs) {
    const a = lhr.audits[ref.id]
    // Lighthouse 12 shows the audits of the group "diagnostics" (the insights of group "hidden" repeat them).
    if (!a || ref.group !== 'diagnostics' || ['notApplicable', 'manual', 'error'].includes(a.scoreDisplayMode)) continue
    if (a.score !== null && a.score >= 0.9) continue
    // Its "saving" is the whole LCP above the good threshold, not something to fix; the phases are in the report.
    if (a.id === 'largest-contentful-paint-element') continue
    const ms = Object.entries(a.metricSavings ?? {}).filter(([, v]) => typeof v === 'number' && v > 0) as [string, number][]
    const bytes = (a.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ?? 0
    const parts = ms.map(([k, v]) => (k === 'CLS' ? `CLS ${v.toFixed(3)}` : `${k} ${Math.round(v)} ms`))
    if (bytes > 0) parts.push(`${(bytes / 1024).toFixed(0)} KB`)
    const weight = Math.max(0, ...ms.map(([k, v]) => (k === 'CLS' ? v * 1000 : v)), bytes / 100)
    if (parts.length) opportunities.push({ id: a.id, title: a.title, savings: parts.join(', '), weight })
    // Informative audits without a figure (network requests, critical chains listed) are left out.
    else if (a.score !== null || a.displayValue)
      diagnostics.push({ id: a.id, title: a.title, savings: a.displayValue ?? '', weight: a.score === null ? 0 : 1 - a.score })
  }
  const accessibility = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score === 0 && a.scoreDisplayMode === 'binary')
    .map((a) => {
      const items = (a.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? []
      return {
        id: a.id,
        title: a.title,
        savings: `${items.length} element${items.length === 1 ? '' : 's'}: ${items
          .slice(0, 3)
          .map((i) => i.node?.snippet ?? '?')
          .join(' ')}`,
        weight: items.length,
      }
    })
  const byWeight = (x: Finding, y: Finding) => y.weight - x.weight
  return { opportunities: opportunities.sort(byWeight), diagnostics: diagnostics.sort(byWeight), accessibility }
}

/** What moved in the run with the largest CLS of a page: element, score, and the cause Lighthouse names (a web font, ...). */
function shifts(runs: Run[]): string | null {
  const worst = runs.reduce((a, b) => (b.cls > a.cls ? b : a))
  if (!(worst.cls > 0.0005)) return null
  type Item = { node?: { selector?: string }; score?: number; subItems?: { items?: { extra?: { value?: string }; cause?: string }[] } }
  const items = ((worst.lhr.audits['layout-shifts']?.details as { items?: Item[] } | undefined)?.items ?? []).slice(0, 3)
  const described = items.map((i) => {
    const causes = (i.subItems?.items ?? []).map((c) => c.cause ?? (c.extra?.value ? path.basename(c.extra.value.split('?')[0]) : '')).filter(Boolean)
    return `\`${i.node?.selector ?? '?'}\` ${(i.score ?? 0).toFixed(3)}${causes.length ? ` (${causes.join(', ')})` : ''}`
  })
  return `layout shifts of the run with CLS ${worst.cls.toFixed(3)}: ${described.join('; ') || 'not attributed'}`
}

const ms = (v: number) => `${Math.round(v)} ms`
const s = (v: number) => `${(v / 1000).toFixed(2)} s`

async function main() {
  const loadBefore = os.loadavg()
  ensureBuild()
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`${CHROME_PATH} not found: apt-get install -y chromium (or set CHROME_PATH)`)

  step('starting the production server (temporary DATA_DIR, demo seed)')
  const server = await spawnServer({ DATA_DIR: path.join(tmp, 'data'), SEED_DEMO: '1' }, { timeoutMs: 150_000 })
  cleanups.push(() => server.stop())
  await waitIdle(server.pid, 10_000)
  const origin = server.origin
  const sid = await loginDemoMember(origin, path.join(tmp, 'data'))
  const memberId = await firstId(origin, MEMBERS_PATH, sid, '/members/')
  const chatId = await firstId(origin, '/chats', sid, '/chats/')
  step(`logged in as ${DEMO_EMAIL}; member ${memberId}, chat ${chatId}`)

  const all: Page[] = [
    { label: 'home', path: '/', loggedIn: false },
    { label: 'login', path: '/login', loggedIn: false },
    { label: 'signup', path: '/signup', loggedIn: false },
    { label: 'members (24 cards)', path: MEMBERS_PATH, loggedIn: true },
    { label: 'member profile', path: `/members/${memberId}`, loggedIn: true },
    { label: 'chat (62 messages)', path: `/chats/${chatId}`, loggedIn: true },
  ]
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim())
  const pages = only ? all.filter((p) => only.some((o) => p.path === o || p.path.startsWith(`${o}?`) || p.path.startsWith(`${o}/`))) : all

  step(`launching ${CHROME_PATH}`)
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox'], logLevel: 'silent' })
  cleanups.push(() => chrome.kill())

  const results: { page: Page; runs: Run[]; median: Run }[] = []
  for (const page of pages) {
    const cookie = page.loggedIn ? `${sid}; ${ENTRY_WARNING_COOKIE}` : ENTRY_WARNING_COOKIE
    const runs: Run[] = []
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now()
      runs.push(await runOnceRetried(origin + page.path, chrome.port, cookie))
      const r = runs[runs.length - 1]
      const finalUrl = new URL(r.lhr.finalDisplayedUrl)
      if (finalUrl.pathname !== new URL(origin + page.path).pathname) throw new Error(`${page.path} ended on ${finalUrl.pathname} (not logged in?)`)
      step(
        `${page.path} run ${i + 1}/${RUNS}: performance ${r.performance}, accessibility ${r.accessibility}, LCP ${ms(r.lcp)}, TBT ${ms(r.tbt)}, CLS ${r.cls.toFixed(3)} (${s(performance.now() - started)})`,
      )
    }
    const byScore = [...runs].sort((a, b) => a.performance - b.performance)
    results.push({ page, runs, median: byScore[Math.floor((byScore.length - 1) / 2)] })
  }
  await chrome.kill()
  await server.stop()

  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR
  if (reportDir) {
    fs.mkdirSync(reportDir, { recursive: true })
    for (const r of results) fs.writeFileSync(path.join(reportDir, `${r.page.label.replace(/\W+/g, '-')}.json`), JSON.stringify(r.median.lhr, null, 1))
    step(`median runs' reports written to ${reportDir}`)
  }

  const date = new Date().toISOString().slice(0, 10)
  const m = machine('embedded PGlite')
  const loadAfter = os.loadavg()
  const mark = (ok: boolean, text: string) => (ok ? text : `**${text}**`)
  const table = [
    `| ${date}, median of ${RUNS} | performance | accessibility | CLS | LCP | TBT | FCP | Speed Index | performance of each run | FCP observed (unthrottled) |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(({ page, runs }) => {
      const med = (k: keyof Omit<Run, 'lhr'>) => median(runs.map((r) => r[k]))
      return `| \`${page.path}\`${page.loggedIn ? ' (Anna)' : ''} | ${mark(med('performance') >= TARGETS.performance, String(med('performance')))} | ${mark(med('accessibility') >= TARGETS.accessibility, String(med('accessibility')))} | ${mark(med('cls') <= TARGETS.cls + 0.0005, med('cls').toFixed(3))} | ${s(med('lcp'))} | ${ms(med('tbt'))} | ${s(med('fcp'))} | ${s(med('si'))} | ${runs.map((r) => r.performance).join(', ')} | ${ms(med('observedFcp'))} |`
    }),
    `| target | ≥ ${TARGETS.performance} | ${TARGETS.accessibility} | ${TARGETS.cls} | | | | | | |`,
  ].join('\n')
  const details = results
    .map(({ page, runs, median: run }) => {
      const f = findings(run.lhr)
      const moved = shifts(runs)
      const line = (x: Finding) => `${x.title} (\`${x.id}\`)${x.savings ? `: ${x.savings}` : ''}`
      const parts = [
        `- \`${page.path}\`: ${f.opportunities.length ? f.opportunities.slice(0, 4).map(line).join('; ') : 'no opportunities'}`,
        ...(f.diagnostics.length ? [`  - diagnostics: ${f.diagnostics.slice(0, 4).map(line).join('; ')}`] : []),
        ...(f.accessibility.length ? [`  - accessibility failures: ${f.accessibility.map(line).join('; ')}`] : []),
        ...(moved ? [`  - ${moved}`] : []),
      ]
      return parts.join('\n')
    })
    .join('\n')

  console.log(
    `\nMachine: ${machineLine(m)}; load average 1/5/15 min at start ${loadBefore.map((l) => l.toFixed(2)).join(' / ')}, at the end ${loadAfter.map((l) => l.toFixed(2)).join(' / ')}\n`,
  )
  console.log(table)
  console.log('\nTop opportunities of the median run (estimated savings):')
  console.log(details)

  const lhVersion = results[0]?.median.lhr.lighthouseVersion ?? '?'
  // The user agent says 156.0.0.0 (reduced); the binary tells the build.
  let chromeVersion = results[0]?.median.lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '?'
  try {
    chromeVersion = /([\d.]+)/.exec(execFileSync(CHROME_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))?.[1] ?? chromeVersion
  } catch {
    // the user agent's version it is
  }
  const section = [
    '<!-- lighthouse:start -->',
    '## Lighthouse, mobile (issue 14)',
    '',
    `Method (bench/lighthouse.ts): Lighthouse ${lhVersion} run programmatically with its default (mobile) configuration — simulated throttling: Moto G Power viewport, slow 4G (150 ms RTT, 1.6 Mbps), 4× CPU slowdown — categories performance and accessibility, against Debian's Chromium ${chromeVersion} (\`--headless=new --no-sandbox\`, chrome-launcher's default flags, no network beyond loopback). The production build, \`node server/index.js\` with NODE_ENV=production, SUPERVISE=0 and LOG_LEVEL=warn, on a loopback port with a temporary DATA_DIR and SEED_DEMO=1 (300 demo profiles with avatars, Anna and Ben). Every request carries the cookie \`${ENTRY_WARNING_COOKIE}\` (the entry warning dialog would otherwise open for visitors from some countries); the logged-in pages also Anna's \`sid\` (POST /api/user.php as ${DEMO_EMAIL}), passed with Lighthouse's extraHeaders. \`${MEMBERS_PATH}\`: all countries, so 24 cards; the member is the first card of that page, the chat Anna's conversation with Ben (62 messages). One Chromium for all runs (Lighthouse resets cache and storage before each); each page ${RUNS} times; the figures are the medians of the runs, the opportunities those of the run with the median performance score. Simulated throttling computes the metrics from the unthrottled trace: every request that started before the paint the trace observed counts into the simulated FCP and LCP, so when a loaded machine delays that paint (column "FCP observed"; a small static page painted within 80 ms on the same machine), all the scripts and the icon font count too and the simulated FCP jumps from about 2.7 s to about 4.3 s; that is why runs of one page differ by 15 to 20 points. Bold: misses the target.`,
    '',
    `Machine: ${machineLine(m)}; load average 1 min at start: ${loadBefore[0].toFixed(2)}, at the end: ${loadAfter[0].toFixed(2)}`,
    '',
    table,
    '',
    "Top opportunities and failing diagnostics of the median run, with Lighthouse's estimated savings:",
    '',
    details,
    '<!-- lighthouse:end -->',
  ].join('\n')
  const file = path.join(ROOT, 'bench/RESULTS.md')
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n'
  fs.writeFileSync(
    file,
    current.includes('<!-- lighthouse:start -->')
      ? current.replace(/<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/, () => section)
      : `${current.trimEnd()}\n\n${section}\n`,
  )
  console.log('\nWritten to bench/RESULTS.md')
}

main().then(
  async () => {
    await cleanup()
    process.exit(0)
  },
  async (e) => {
    console.error(`\nbench/lighthouse.ts failed: ${(e as Error).stack ?? e}`)
    await cleanup()
    process.exit(1)
  },
)
