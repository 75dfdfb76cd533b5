import sharp from 'sharp'
import type { Actor } from './world'
import { otherMarkers, otherName, secretMarkers } from './markers'
import type { Ids, Outcome, RouteCase } from './member-routes'

/** {placeholder} → the actor's id; {origin} → the server's origin. */
export function fill(text: string, ids: Ids, origin: string): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key === 'origin' ? origin : key in ids ? String(ids[key as keyof Ids]) : whole))
}

let jpegBytes: Buffer | undefined
async function uploadBody(kind: 'jpeg' | 'text'): Promise<FormData> {
  jpegBytes ??= await sharp({ create: { width: 120, height: 120, channels: 3, background: { r: 200, g: 80, b: 60 } } })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  const file = kind === 'jpeg' ? new Blob([new Uint8Array(jpegBytes)], { type: 'image/jpeg' }) : new Blob(['not an image'], { type: 'text/plain' })
  form.set('photo', file, kind === 'jpeg' ? 'photo.jpg' : 'notes.txt')
  form.set('clientId', crypto.randomUUID())
  return form
}

export interface Answer {
  status: number
  location: string | null
  contentType: string
  cacheControl: string
  body: string
}

/** Sends one case as the actor, without following redirects. */
export async function send(origin: string, actor: Actor, c: RouteCase, cookie = actor.cookie): Promise<Answer> {
  const fillValue = (v: unknown): unknown => (typeof v === 'string' ? fill(v, actor.ids, origin) : v)
  const headers: Record<string, string> = { 'X-Forwarded-For': actor.ip, 'Accept-Language': 'en' }
  if (cookie) headers.Cookie = cookie
  for (const [k, v] of Object.entries(c.headers ?? {})) headers[k] = fill(v, actor.ids, origin)
  let body: BodyInit | undefined
  if (c.method !== 'GET') {
    headers.Origin = origin
    if (c.upload) body = await uploadBody(c.upload)
    else if (c.json) {
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(Object.fromEntries(Object.entries(c.json).map(([k, v]) => [k, fillValue(v)])))
    } else body = new URLSearchParams(Object.entries(c.form ?? {}).map(([k, v]) => [k, fill(v, actor.ids, origin)]))
  }
  const res = await fetch(origin + fill(c.path, actor.ids, origin), {
    method: c.method,
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(20_000),
  })
  const bytes = Buffer.from(await res.arrayBuffer())
  return {
    status: res.status,
    location: res.headers.get('location'),
    contentType: res.headers.get('content-type') ?? '',
    cacheControl: res.headers.get('cache-control') ?? '',
    body: bytes.toString('latin1'),
  }
}

/** The answer in the inventory's words. */
export function outcomeOf(a: Answer): string {
  if (a.status >= 300 && a.status < 400) {
    const to = (a.location ?? '').replace(/^https?:\/\/[^/]+/, '')
    return to.startsWith('/login?redirectTo=') || to === '/login' ? 'login' : `→${to}`
  }
  if (a.status >= 200 && a.status < 300) return 'ok'
  return String(a.status)
}

export function matches(expected: Outcome, actual: string, ids: Ids, origin: string): boolean {
  if (typeof expected === 'number') return actual === String(expected)
  if (expected.startsWith('→')) {
    const want = fill(expected, ids, origin)
    return want.endsWith('*') ? actual.startsWith(want.slice(0, -1)) : actual.split('?')[0] === want
  }
  return actual === expected
}

/** A refusal: the actor did not get what they asked for. */
export const isRefusal = (outcome: string) => outcome === 'login' || /^[45]\d\d$/.test(outcome)

/** What of other people an answer shows that it must not: secrets always, O's profile in a refusal. */
export function leaks(body: string, refused: boolean, namesOther = false): string[] {
  const found: string[] = secretMarkers.filter((m) => body.includes(m))
  if (refused) found.push(...otherMarkers.filter((m) => body.includes(m) && !(namesOther && m === otherName)))
  return found
}
