import { describe, expect, it } from 'vitest'
import { injectedMarkup } from './cross-member'
import type { Finding } from './findings'
import { intentOf, pathShape, refusal } from './guard-proxy'
import { heuristicHints, requestFile, sqlmapFindings, targetsReached, testedParameters } from './sqlmap'
import { parseTriage, triage } from './triage'
import { wapitiFindings } from './wapiti'

// The pure parts of `npm run scan` (scripts/scan.ts): what the guard proxy lets through, how the scanners' reports
// are read, and how findings are triaged. The scan itself needs wapiti, sqlmap and a quarter of an hour.

const rules = { partnerProfileId: 302, samplesPerShape: 3 }
const form = 'application/x-www-form-urlencoded'

describe('the guard proxy', () => {
  it('refuses what ends the session or the account, and blocking the other scanning member', () => {
    expect(refusal('GET', '/api/logout.php', '', '', rules)).toBe('logout')
    expect(refusal('POST', '/logout', form, '', rules)).toBe('logout')
    for (const intent of ['email', 'password', 'logout_all', 'delete'])
      expect(refusal('POST', '/notifications', form, `intent=${intent}&x=1`, rules)).toBe(`account ${intent}`)
    expect(refusal('POST', '/members/302', form, 'intent=block', rules)).toBe('block of the other scanning member')
  })

  it('lets the other forms through, also on the same pages', () => {
    expect(refusal('POST', '/notifications', form, 'intent=privacy&invisible=on', rules)).toBeNull()
    expect(refusal('POST', '/notifications', form, 'intent=username&name=x', rules)).toBeNull()
    expect(refusal('POST', '/members/303', form, 'intent=block', rules)).toBeNull()
    expect(refusal('POST', '/members/302', form, 'intent=like', rules)).toBeNull()
    expect(refusal('GET', '/notifications', '', '', rules)).toBeNull()
  })

  it('reads the intent of url-encoded, multipart and JSON bodies', () => {
    expect(intentOf(form, 'a=1&intent=logout_all')).toBe('logout_all')
    expect(intentOf('multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndelete\r\n--x--')).toBe('delete')
    expect(intentOf('application/json', '{"intent":"password"}')).toBe('password')
    expect(intentOf('application/json', 'not json')).toBeNull()
  })

  it('samples paths that differ only by ids or names', () => {
    expect(pathShape('/members/123')).toBe('/members/:id')
    expect(pathShape('/members/123/chat')).toBe('/members/:id/chat')
    expect(pathShape('/credits/xl/ideal')).toBe('/credits/:bundle/:method')
    expect(pathShape('/media/p1-demo.webp')).toBe('/media/:file')
    expect(pathShape('/credits/repeat-order')).toBeNull()
    expect(pathShape('/notifications')).toBeNull()
  })
})

describe('reading the reports', () => {
  it('takes wapiti vulnerabilities, anomalies and additionals with their levels', () => {
    const entry = (level: number, info: string) => ({ method: 'GET', path: '/x', info, level, parameter: 'q' })
    const findings = wapitiFindings({
      vulnerabilities: { 'HTTP Secure Headers': [entry(1, 'X-XSS-Protection is not set')], 'Cross Site Scripting': [] },
      anomalies: { 'Internal Server Error': [entry(3, 'The server answered 500')] },
      additionals: { Fingerprint: [entry(0, 'Express')] },
    })
    expect(findings.map((f) => [f.category, f.severity])).toEqual([
      ['HTTP Secure Headers', 'low'],
      ['Internal Server Error', 'high'],
      ['Fingerprint', 'info'],
    ])
  })

  it("takes every injectable parameter of sqlmap's results file as critical", () => {
    const csv =
      'Target URL,Place,Parameter,Technique(s),Note(s)\r\nhttp://127.0.0.1:4480/members?country=NL,GET,country,BT,\r\nhttp://127.0.0.1:4480/x,POST,q,B,false positive or unexploitable\r\n'
    const findings = sqlmapFindings(csv)
    expect(findings.map((f) => [f.path, f.parameter, f.severity])).toEqual([
      ['/members', 'GET country', 'critical'],
      ['/x', 'POST q', 'info'],
    ])
    expect(sqlmapFindings('Target URL,Place,Parameter,Technique(s),Note(s)\n')).toEqual([])
  })

  it('lists the parameters sqlmap tested', () => {
    const out = [
      "[02:40:01] [INFO] testing URL 'http://127.0.0.1:4480/members?country=NL'",
      "[02:40:09] [WARNING] GET parameter 'country' does not seem to be injectable",
      "[02:40:10] [WARNING] (custom) URI parameter '#1*' does not seem to be injectable",
    ].join('\n')
    expect(testedParameters(out)).toEqual([
      'GET country @ http://127.0.0.1:4480/members?country=NL',
      '(custom) URI #1* @ http://127.0.0.1:4480/members?country=NL',
    ])
    const forms = [
      '[2/25] Form:',
      'POST http://127.0.0.1:4480/notifications',
      'POST data: intent=privacy',
      "[02:54:25] [WARNING] POST parameter 'intent' does not seem to be injectable",
    ].join('\n')
    expect(testedParameters(forms)).toEqual(['POST intent @ http://127.0.0.1:4480/notifications'])
  })

  it('tells how far sqlmap got through its targets, and its heuristic hints', () => {
    const out = [
      '[1/44] Form:',
      'POST http://x/lang-config',
      '[2/44] Form:',
      'GET http://x/members?page=1',
      "[02:52:46] [INFO] heuristic (basic) test shows that GET parameter 'page' might be injectable (possible DBMS: 'PostgreSQL')",
    ].join('\n')
    expect(targetsReached(out)).toEqual({ reached: 2, targets: 44 })
    expect(targetsReached('')).toEqual({ reached: 0, targets: 0 })
    expect(heuristicHints(out)).toEqual(['GET page'])
  })

  it("writes requests in sqlmap's request-file format", () => {
    const text = requestFile('http://127.0.0.1:4480', [{ method: 'DELETE', url: '/api/chat.php', json: { conversation: 1 } }])
    expect(text).toContain('DELETE /api/chat.php HTTP/1.1\nHost: 127.0.0.1:4480\nContent-Type: application/json\nContent-Length: 18\n\n{"conversation":1}\n')
    expect(text.startsWith('='.repeat(54))).toBe(true)
  })
})

describe('markup that reached another member', () => {
  it('finds injected scripts, event handlers and javascript: links, not our own scripts', () => {
    const ours =
      '<script nonce="abc">window.__x = "<img src=x onerror=alert(1)>"</script><script id="i18n-bundle" src="/i18n/en.js" defer=""></script><p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'
    expect(injectedMarkup(ours)).toEqual([])
    expect(injectedMarkup('<p><ScRiPt>alert(1)</ScRiPt></p>')).toEqual(['<ScRiPt>'])
    expect(injectedMarkup('<p><img src=x onerror=alert(1)></p>')).toEqual(['<img src=x onerror=alert(1)>'])
    expect(injectedMarkup('<a href="javascript:alert(1)">x</a>')).toEqual(['<a href="javascript:alert(1)">'])
    expect(injectedMarkup('<script src="//evil.example/x.js"></script>')).toEqual(['<script src="//evil.example/x.js">'])
  })
})

describe('triage', () => {
  const finding = (severity: Finding['severity'], info = 'X-XSS-Protection is not set'): Finding => ({
    tool: 'wapiti',
    category: 'HTTP Secure Headers',
    severity,
    method: 'GET',
    path: '/',
    parameter: '',
    info,
  })

  it('accepts listed findings up to low, and above low only as false positives', () => {
    const entries = parseTriage([{ tool: 'wapiti', category: 'HTTP Secure Headers', info: 'X-XSS-Protection', reason: 'set to 0 on purpose' }])
    const r = triage([finding('low'), finding('high'), finding('low', 'Strict-Transport-Security is not set')], entries)
    expect(r.accepted.map((a) => a.finding.severity)).toEqual(['low'])
    expect(r.open.map((f) => [f.severity, f.info])).toEqual([
      ['high', 'X-XSS-Protection is not set'],
      ['low', 'Strict-Transport-Security is not set'],
    ])
    const fp = parseTriage([{ tool: 'wapiti', category: 'HTTP Secure Headers', path: '/', falsePositive: true, reason: 'checked by hand' }])
    expect(triage([finding('high')], fp).open).toEqual([])
  })

  it('matches the path as a whole', () => {
    const entries = parseTriage([{ tool: 'wapiti', category: 'HTTP Secure Headers', path: '/members', reason: 'r' }])
    expect(triage([{ ...finding('low'), path: '/members/1' }], entries).open).toHaveLength(1)
  })

  it('needs a reason for every entry', () => {
    expect(() => parseTriage([{ tool: 'wapiti', category: 'x', reason: ' ' }])).toThrow(/reason/)
  })
})
