import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { track } from './children'
import { SEVERITIES, type Finding } from './findings'

/**
 * Wapiti 3.0.4 (Debian) over the site as one logged-in member. In this version --max-scan-time bounds only the crawl
 * and --max-attack-time each attack module, checked between one page's attacks and the next; a module attacks the
 * crawl's links first, then its forms. So it runs twice on one session: the crawl with the modules that matter most
 * here (XSS above all: members' text is shown to other members) and time enough to reach the forms, then, without
 * crawling again, the modules sqlmap and the code's shape make less likely to find anything, with less time each.
 * The second run's report holds the findings of both.
 */

// The default modules, plus crlf (headers built from input: the language cookie, redirects). Left out: csrf (it
// reports every form without a token field; the site's CSRF defence is the Origin check plus SameSite=Lax, which the
// cross-member step tests directly), and the brute-force and fingerprinting modules (backup, buster, nikto, wapp,
// brute_login_form), which guess file names and passwords rather than test the application.
export const WAPITI_PHASES = [
  // Only xss uses its time; the others take seconds (margin: what they may take on a busy machine).
  { modules: ['http_headers', 'cookieflags', 'csp', 'redirect', 'crlf', 'sql', 'ssrf', 'xss', 'permanentxss'], heavy: 1, margin: 180 },
  // Blind SQL injection is sqlmap's job too; nothing takes a shell command or a file path from input.
  { modules: ['blindsql', 'exec', 'file'], heavy: 3, margin: 90 },
] as const

export interface WapitiRun {
  origin: string
  /** The session cookie's value. */
  sid: string
  proxyUrl: string
  ssrfEndpoint: string
  /** Pages the crawl starts from besides / (the logged-in home redirects, and wapiti follows no redirect from /). */
  startPaths: string[]
  outDir: string
  crawlSeconds: number
  /** Each module's time in the first run, and in the second. */
  attackSeconds: [number, number]
  log: (line: string) => void
}

export async function runWapiti(o: WapitiRun): Promise<{ reportFile: string; exitCode: number | null; seconds: number }> {
  fs.mkdirSync(o.outDir, { recursive: true })
  const host = new URL(o.origin).hostname
  const cookieFile = path.join(o.outDir, 'cookie.json')
  // wapitiCore/net/jsoncookie.py: {domain: {path: {name: attributes}}}; an IPv4 host is its own domain key.
  fs.writeFileSync(cookieFile, JSON.stringify({ [host]: { '/': { sid: { value: o.sid, expires: null, secure: false, port: null, version: 0 } } } }))
  const reportFile = path.join(o.outDir, 'report.json')
  const common = [
    ['-u', `${o.origin}/`],
    ['--scope', 'folder'],
    ...o.startPaths.map((p) => ['-s', o.origin + p]),
    ['-c', cookieFile],
    ['-H', `Origin: ${o.origin}`],
    // Wapiti asks for br, but Debian's python3-urllib3 here cannot decode it: every page would look empty.
    ['-H', 'Accept-Encoding: gzip, deflate'],
    ['-p', o.proxyUrl],
    // Not attacked: the field that tells the forms of a page apart (a changed intent only reaches "nothing to do"),
    // and the profile's fifteen interest checkboxes, which wapiti attacks one by one: the XSS module alone spent
    // over ten minutes on them. sqlmap tests both.
    ['--skip', 'intent'],
    ['--skip', 'interests'],
    ['-d', '4'],
    ['--max-links-per-page', '30'],
    ['--max-files-per-dir', '40'],
    ['--max-scan-time', String(o.crawlSeconds)],
    ['-t', '15'],
    ['--endpoint', o.ssrfEndpoint],
    ['--no-bugreport'],
    ['--store-session', path.join(o.outDir, 'session')],
    ['--store-config', path.join(o.outDir, 'config')],
    ['-f', 'json'],
    ['-o', reportFile],
    ['-v', '1'],
  ].flat()
  const started = performance.now()
  const logFile = fs.createWriteStream(path.join(o.outDir, 'wapiti.log'))
  let exitCode: number | null = null
  for (const [i, phase] of WAPITI_PHASES.entries()) {
    const args = [...common, '-m', phase.modules.join(','), '--max-attack-time', String(o.attackSeconds[i]), ...(i > 0 ? ['--skip-crawl'] : [])]
    const child = track(spawn('wapiti', args, { stdio: ['ignore', 'pipe', 'pipe'] }))
    // A module's limit is checked between pages, so one form with many fields can overrun it: past its modules'
    // time and a margin, wapiti is stopped, and the scan reports that it did not complete.
    const ceiling = setTimeout(() => child.kill('SIGKILL'), ((i === 0 ? o.crawlSeconds : 0) + phase.heavy * o.attackSeconds[i] + phase.margin) * 1000)
    let rest = ''
    child.stdout.on('data', (b: Buffer) => {
      logFile.write(b)
      const lines = (rest + b.toString()).split('\n')
      rest = lines.pop() ?? ''
      // Only the module starts and the crawl's end: the full output is in wapiti.log.
      for (const l of lines) if (/Launching module|found \d+ URLs|Max (scan|attack) time/i.test(l)) o.log(l.trim())
    })
    child.stderr.on('data', (b: Buffer) => logFile.write(b))
    exitCode = await new Promise<number | null>((resolve) => child.once('close', resolve))
    clearTimeout(ceiling)
    if (exitCode !== 0) break
  }
  logFile.end()
  return { reportFile, exitCode, seconds: (performance.now() - started) / 1000 }
}

interface WapitiEntry {
  method: string
  path: string
  info: string
  level: number | string
  parameter: string
}

/** The findings of wapiti's JSON report: vulnerabilities, anomalies and additionals, each with its level 0-4. */
export function wapitiFindings(report: {
  vulnerabilities?: Record<string, WapitiEntry[]>
  anomalies?: Record<string, WapitiEntry[]>
  additionals?: Record<string, WapitiEntry[]>
}): Finding[] {
  const out: Finding[] = []
  for (const section of [report.vulnerabilities, report.anomalies, report.additionals]) {
    for (const [category, entries] of Object.entries(section ?? {})) {
      for (const e of entries) {
        const level = Math.min(4, Math.max(0, Number(e.level) || 0))
        out.push({
          tool: 'wapiti',
          category,
          severity: SEVERITIES[level],
          method: e.method,
          path: e.path,
          parameter: e.parameter ?? '',
          info: e.info.replace(/\s+/g, ' ').trim(),
        })
      }
    }
  }
  return out
}
