/**
 * Whether an `Accept-Encoding` header lets us answer in Brotli (RFC 9110 12.5.3): `br` listed with a weight above
 * 0, or `*` above 0 where `br` is not listed at all.
 */
export function acceptsBrotli(header: string | null): boolean {
  if (!header) return false
  let star = false
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    const accepted = q === undefined || Number(q) > 0
    if (name.trim() === 'br') return accepted
    if (name.trim() === '*') star = accepted
  }
  return star
}
