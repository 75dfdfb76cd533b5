import type { Finding } from './findings'

/**
 * The checks that need the second member: after the scanners have filled the first member's profile, chat messages,
 * reports and settings with their payloads, the other member opens every page where the first member's content
 * appears, and any markup a scanner sent that arrives as markup (not as text) is a stored XSS that reaches someone
 * else. And the CSRF defence the scanners' csrf module cannot judge (the site uses no tokens: an Origin check plus
 * SameSite=Lax): state-changing requests with the member's cookie from another origin must be refused.
 */

/** Markup in a page that none of our pages render: where it appears, input came through unescaped. */
export function injectedMarkup(html: string): string[] {
  // Inline scripts of our own carry the reply's nonce; their content is data (React Router's stream), not markup.
  const withoutOwnScripts = html.replace(/<script\b[^>]*\bnonce="[^"]+"[^>]*>[\s\S]*?<\/script>/gi, '')
  const found: string[] = []
  const snippet = (m: RegExpMatchArray) => m[0].slice(0, 120)
  for (const m of withoutOwnScripts.matchAll(/<script\b[^>]*>/gi)) {
    // The only other script of ours is the translations bundle, a same-origin file.
    if (!/\ssrc="\/(?!\/)[^"]*"/.test(m[0])) found.push(snippet(m))
  }
  for (const m of withoutOwnScripts.matchAll(/<[a-z][a-z0-9-]*\b[^>]*\son[a-z]+\s*=[^>]*>/gi)) found.push(snippet(m))
  for (const m of withoutOwnScripts.matchAll(/<[a-z][a-z0-9-]*\b[^>]*\s(?:href|src|action|formaction)\s*=\s*["']?\s*javascript:[^>]*>/gi))
    found.push(snippet(m))
  for (const m of withoutOwnScripts.matchAll(/<(?:iframe|object|embed|base|frame)\b[^>]*>/gi)) found.push(snippet(m))
  return [...new Set(found)]
}

export async function storedMarkupSweep(origin: string, sid: string, paths: string[]): Promise<Finding[]> {
  const out: Finding[] = []
  for (const p of paths) {
    const res = await fetch(origin + p, { headers: { cookie: `sid=${sid}` }, signal: AbortSignal.timeout(30_000) })
    const type = res.headers.get('content-type') ?? ''
    const body = await res.text()
    if (!type.includes('html')) continue
    for (const s of injectedMarkup(body)) {
      out.push({ tool: 'cross-member', category: 'Stored markup shown to another member', severity: 'high', method: 'GET', path: p, parameter: '', info: s })
    }
  }
  return out
}

interface CsrfCase {
  method: string
  path: string
  contentType: string
  body: string
  headers: Record<string, string>
  label: string
}

/** State-changing requests with the member's session from elsewhere: each must be refused (403). */
export async function csrfProbe(origin: string, sid: string, conversationId: number): Promise<{ tried: number; findings: Finding[] }> {
  const form = 'application/x-www-form-urlencoded'
  const cases: CsrfCase[] = []
  const requests = [
    { method: 'POST', path: '/notifications', contentType: form, body: 'intent=privacy&invisible=on' },
    { method: 'POST', path: `/chats/${conversationId}`, contentType: form, body: 'intent=send&body=csrf-probe' },
    { method: 'PUT', path: '/api/user.php', contentType: 'application/json', body: '{"language":"de"}' },
  ]
  for (const r of requests) {
    cases.push({ ...r, headers: { origin: 'https://evil.example' }, label: 'foreign Origin' })
    cases.push({ ...r, headers: { origin: 'null' }, label: 'Origin null (sandboxed frame)' })
    cases.push({ ...r, headers: { referer: 'https://evil.example/page' }, label: 'foreign Referer, no Origin' })
  }
  const findings: Finding[] = []
  for (const c of cases) {
    const res = await fetch(origin + c.path, {
      method: c.method,
      redirect: 'manual',
      headers: { cookie: `sid=${sid}`, 'content-type': c.contentType, ...c.headers },
      body: c.body,
      signal: AbortSignal.timeout(30_000),
    })
    await res.arrayBuffer()
    if (res.status !== 403) {
      findings.push({
        tool: 'cross-member',
        category: 'Cross-site request accepted',
        severity: 'high',
        method: c.method,
        path: c.path,
        parameter: '',
        info: `${c.label}: answered ${res.status} instead of 403`,
      })
    }
  }
  return { tried: cases.length, findings }
}
