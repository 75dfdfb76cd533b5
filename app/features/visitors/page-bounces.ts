/**
 * The path a bounce is counted under: the pathname of the page (from the beacon's Referer, same origin only),
 * without query, with numeric ids and slugs of member pages folded so the table stays small and holds no ids.
 */
export function bouncePath(referer: string | null, origin: string): string | null {
  if (!referer) return null
  let url: URL
  try {
    url = new URL(referer)
  } catch {
    return null
  }
  if (url.origin !== origin) return null
  const path = url.pathname
    .split('/')
    .map((seg) => (/^\d+$/.test(seg) ? ':id' : seg))
    .join('/')
  return path.slice(0, 200) || '/'
}
