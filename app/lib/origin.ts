/**
 * CSRF defence for every non-GET request and the WebSocket upgrade: the Origin (or Referer) must be the site's own.
 * With PUBLIC_URL set only that origin counts; otherwise the origin must match the Host the request was sent to.
 * Requests without either header come from non-browser clients, which carry no ambient cookies of ours.
 */
export function isAllowedOrigin(opts: { origin?: string | null; referer?: string | null; host?: string | null; publicUrl?: string }): boolean {
  let source = opts.origin
  if (!source && opts.referer) {
    try {
      source = new URL(opts.referer).origin
    } catch {
      return false
    }
  }
  if (!source) return true
  if (source === 'null') return false
  let url: URL
  try {
    url = new URL(source)
  } catch {
    return false
  }
  if (opts.publicUrl) return url.origin === new URL(opts.publicUrl).origin
  return !!opts.host && url.host === opts.host
}
