import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { track } from './children'
import type { Finding } from './findings'

/**
 * sqlmap 1.7.2 (Debian): the forms it crawls, and an explicit list of the JSON API and the query and path
 * parameters of the pages (read from app/routes.ts and app/routes/api/*), as the member whose cookie it is given.
 * The back end is known (PostgreSQL, embedded or a server), so only its payloads are sent; level and risk 1.
 */

/** One request for sqlmap's request-file mode (-l): a `*` in the path marks a path parameter to test. */
export interface SqlmapRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Path and query. */
  url: string
  json?: unknown
}

/** The ids the explicit requests need: the scanning member's own resources and the other member's. */
export interface ScanIds {
  partnerProfileId: number
  conversationId: number
  messageId: number
  ownPhotoId: number
  partnerPhotoId: number
}

/**
 * Every endpoint with a parameter that reaches a query, with a plausible value (sqlmap needs the original to compare
 * against). Forms are left to --forms; these are what a crawl of the HTML cannot find: the JSON API, query
 * parameters read by loaders and ids in paths, several of them the other member's (`partner...`).
 */
export function apiRequests(ids: ScanIds): SqlmapRequest[] {
  return [
    // The JSON API first (small answers), then the pages; the search form of /members is tested by the forms run.
    { method: 'GET', url: '/api/discountcode.php?code=WELCOME10&amount=1995&method=ideal' },
    { method: 'GET', url: '/api/discountcode.php?welcome=true' },
    { method: 'GET', url: '/api/geocode.php?lat=52.37&lon=4.89&save=0' },
    { method: 'GET', url: '/api/settings.php?_force_domain=example.com' },
    { method: 'PUT', url: '/api/user.php', json: { language: 'en' } },
    {
      method: 'POST',
      url: '/api/user.php?push=1',
      json: {
        subscription: {
          endpoint: 'https://push.example.com/send/abc',
          keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
        },
      },
    },
    { method: 'GET', url: `/chats/${ids.conversationId}/messages?before=${ids.messageId}` },
    { method: 'GET', url: `/chats/${ids.conversationId}/photos/${ids.messageId}*` },
    { method: 'GET', url: `/photo/${ids.partnerPhotoId}*/thumb` },
    { method: 'GET', url: `/photo/${ids.ownPhotoId}*/full` },
    // Token links from e-mails, answered to anyone: each token is looked up.
    { method: 'GET', url: '/activate?token=0123456789abcdef0123456789abcdef' },
    { method: 'GET', url: '/reset-password/do?token=0123456789abcdef0123456789abcdef' },
    { method: 'GET', url: '/mail-change/do?token=0123456789abcdef0123456789abcdef' },
    { method: 'GET', url: '/unsubscribe?token=0123456789abcdef0123456789abcdef' },
    { method: 'GET', url: '/notifications/confirm?token=0123456789abcdef0123456789abcdef' },
    { method: 'GET', url: '/reactivate?token=0123456789abcdef0123456789abcdef' },
    { method: 'GET', url: '/appeal/0123456789abcdef0123456789abcdef*' },
    // Pages with query or path parameters, several of them the other member's.
    { method: 'GET', url: `/members/${ids.partnerProfileId}*` },
    { method: 'GET', url: `/chats/${ids.conversationId}*` },
    { method: 'GET', url: '/credits?code=WELCOME10' },
    { method: 'GET', url: '/credits/s/ideal?code=WELCOME10' },
    { method: 'GET', url: '/directdebit?bundle=s&code=WELCOME10&mandate=1&unsent=1' },
    { method: 'GET', url: '/transactions/1*' },
    { method: 'GET', url: `/members/${ids.partnerProfileId}*/chat` },
    { method: 'GET', url: `/likes/m/${ids.partnerProfileId}*` },
    { method: 'GET', url: '/likes/received*' },
    { method: 'GET', url: '/pricing?country=NL' },
    { method: 'GET', url: '/pages/terms*' },
    { method: 'GET', url: '/complete-signup?step=photo' },
    { method: 'GET', url: '/members/101/landing2/anna-from-amsterdam*' },
    // Last: it hides the conversation from member A's list (the cross-member checks open it as member B).
    { method: 'DELETE', url: '/api/chat.php', json: { conversation: ids.conversationId } },
  ]
}

/**
 * Requests sent without a session: the login API (a member's session would answer the form pages with redirects),
 * with an address that has no account and a password made up on the spot.
 */
export function anonymousRequests(): SqlmapRequest[] {
  return [{ method: 'POST', url: '/api/user.php', json: { email: 'someone@example.com', password: crypto.randomBytes(12).toString('base64url') } }]
}

/** sqlmap's request-file format (Burp's): each request between lines of '='. */
export function requestFile(origin: string, requests: SqlmapRequest[]): string {
  const host = new URL(origin).host
  const sep = '='.repeat(54)
  return requests
    .map((r) => {
      const body = r.json === undefined ? '' : JSON.stringify(r.json)
      const headers = [`Host: ${host}`, ...(body ? ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`] : [])]
      return `${sep}\n${r.method} ${r.url} HTTP/1.1\n${headers.join('\n')}\n\n${body}\n${sep}\n\n`
    })
    .join('')
}

export interface SqlmapRun {
  label: string
  origin: string
  sid: string | null
  proxyUrl: string
  outDir: string
  /** Either a request file (-l) or a start URL for --forms --crawl. */
  requestFile?: string
  crawlFrom?: string
  /** Kills sqlmap after this long (it has no time limit of its own); what it finished is in its results file. */
  timeoutSeconds: number
  log: (line: string) => void
}

export interface SqlmapResult {
  label: string
  seconds: number
  timedOut: boolean
  /** "place parameter @ url" of every parameter sqlmap tested. */
  tested: string[]
  /** Parameters whose first (heuristic) probe looked different; sqlmap then tests them fully, as every other. */
  hints: string[]
  /** Targets (requests or forms) sqlmap started on, of how many it had. */
  reached: number
  targets: number
  findings: Finding[]
}

export async function runSqlmap(o: SqlmapRun): Promise<SqlmapResult> {
  fs.mkdirSync(o.outDir, { recursive: true })
  const resultsFile = path.join(o.outDir, 'results.csv')
  fs.rmSync(resultsFile, { force: true })
  const args = [
    ...(o.requestFile
      ? ['-l', o.requestFile]
      : ['-u', o.crawlFrom!, '--forms', '--crawl=3', '--crawl-exclude=logout|/media/|/assets/|/photo/|\\.(js|css|webp|png|svg|ico|json)']),
    '--batch',
    '--skip-waf',
    // A refused login (401) or a refusal (403) is an answer to compare like any other, not a reason to stop.
    '--ignore-code=401,403',
    '--dbms=PostgreSQL',
    // Boolean-based and time-based blind, error-based and stacked queries: every injection point UNION or inline
    // queries would find, one of these finds too, and those two were half of the requests per parameter.
    '--technique=BEST',
    '--level=1',
    // The field that tells the forms of one page apart: kept as the form sends it, so each form's own branch runs
    // for its other fields (a changed intent only reaches "nothing to do").
    '--skip=intent',
    '--risk=1',
    // A 302 to a page of our own is an answer like any other; the tests read the first response.
    '--answers=extending=N,follow=N,normalize=Y,sitemap=N',
    `--headers=Origin: ${o.origin}`,
    ...(o.sid ? [`--cookie=sid=${o.sid}`] : []),
    `--proxy=${o.proxyUrl}`,
    '--threads=2',
    '--timeout=15',
    '--retries=1',
    `--output-dir=${o.outDir}`,
    `--results-file=${resultsFile}`,
    '--disable-coloring',
    // Its stdin is not a terminal: without this, sqlmap would read its targets from there instead.
    '--ignore-stdin',
  ]
  const started = performance.now()
  const logFile = fs.createWriteStream(path.join(o.outDir, 'sqlmap.log'))
  const child = track(spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] }))
  let out = ''
  child.stdout.on('data', (b: Buffer) => {
    logFile.write(b)
    out += b.toString()
  })
  child.stderr.pipe(logFile, { end: false })
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    child.kill('SIGINT')
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref()
  }, o.timeoutSeconds * 1000)
  await new Promise((resolve) => child.once('close', resolve))
  clearTimeout(timer)
  logFile.end()
  const seconds = (performance.now() - started) / 1000
  o.log(`sqlmap ${o.label}: ${timedOut ? 'stopped at its time limit' : 'finished'} after ${seconds.toFixed(0)} s`)
  const csv = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : ''
  return { label: o.label, seconds, timedOut, tested: testedParameters(out), findings: sqlmapFindings(csv), hints: heuristicHints(out), ...targetsReached(out) }
}

/** The parameters sqlmap reported on, from its console output ("GET parameter 'code' does not seem to be injectable"). */
export function testedParameters(output: string): string[] {
  const seen = new Set<string>()
  let url = ''
  for (const line of output.split('\n')) {
    // "testing URL '…'" for listed requests; the line under "[1/25] Form:" for forms.
    const target = /testing URL '([^']+)'/.exec(line) ?? /^(?:GET|POST|PUT|DELETE) (https?:\/\/\S+)$/.exec(line)
    if (target) url = target[1]
    const p =
      /(\(custom\) \w+|\w+(?: \w+)?) parameter '([^']+)' (?:does not seem to be injectable|is '.+' injectable|appears to be '.+' injectable|is vulnerable)/.exec(
        line,
      )
    if (p) seen.add(`${p[1]} ${p[2]} @ ${url}`)
  }
  return [...seen]
}

/**
 * Findings from sqlmap's results CSV (one row per injectable parameter, "Target URL,Place,Parameter,Technique(s),
 * Note(s)"): every injectable parameter is critical. Parameters sqlmap suspected but then judged false positives
 * are noted as info, with its note.
 */
export function sqlmapFindings(csv: string): Finding[] {
  const out: Finding[] = []
  for (const line of csv.split(/\r?\n/).slice(1)) {
    if (!line.trim()) continue
    const cells = line.split(',')
    const [url, place, parameter, techniques] = cells
    const notes = cells.slice(4).join(',')
    const u = new URL(url, 'http://x')
    const falsePositive = /false positive/i.test(notes)
    out.push({
      tool: 'sqlmap',
      category: 'SQL Injection',
      severity: falsePositive ? 'info' : 'critical',
      method: place === 'POST' ? 'POST' : 'GET',
      path: u.pathname,
      parameter: `${place} ${parameter}`,
      info: `techniques ${techniques}${notes ? `; ${notes}` : ''}`,
    })
  }
  return out
}

/** "GET parameter 'page' might be injectable": the heuristic probe's hint, before the full tests decide. */
export function heuristicHints(output: string): string[] {
  return [...output.matchAll(/heuristic \(basic\) test shows that (\S+(?: \S+)?) parameter '([^']+)' might be injectable/g)].map((m) => `${m[1]} ${m[2]}`)
}

/** How far sqlmap got through its targets: the last "[k/n] URL:" or "[k/n] Form:" it printed. */
export function targetsReached(output: string): { reached: number; targets: number } {
  const all = [...output.matchAll(/^\[(\d+)\/(\d+)\] (?:URL|Form):/gm)]
  const last = all.at(-1)
  return last ? { reached: Number(last[1]), targets: Number(last[2]) } : { reached: 0, targets: 0 }
}
