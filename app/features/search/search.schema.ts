import { z } from 'zod'

/** Search query of /members; bad values fall back to defaults instead of failing the page. */
export const searchQuerySchema = z.object({
  gender: z.enum(['male', 'female', 'any']).catch('any'),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .or(z.literal(''))
    .catch(''),
  // The spec's search state names the region field countryregion. No region name holds a control character, and
  // PostgreSQL refuses a NUL byte in text: that made the search fail with a 500 (found by `npm run scan`).
  countryregion: z
    .string()
    .trim()
    .max(80)
    .regex(/^[^\u0000-\u001f\u007f]*$/)
    .catch(''),
  min_age: z.coerce.number().int().min(18).max(99).catch(18),
  max_age: z.coerce.number().int().min(18).max(99).catch(99),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
})

export type SearchQuery = z.infer<typeof searchQuerySchema>

export function parseSearchQuery(params: URLSearchParams, defaults: Partial<SearchQuery> = {}): SearchQuery {
  const raw: Record<string, string> = {}
  for (const key of ['gender', 'country', 'countryregion', 'min_age', 'max_age', 'page']) {
    const v = params.get(key)
    if (v !== null) raw[key] = v
  }
  const merged = { countryregion: '', ...defaults, ...raw }
  const q = searchQuerySchema.parse(merged)
  // A region only means something inside its country.
  const region = q.country ? q.countryregion : ''
  if (q.min_age > q.max_age) return { ...q, countryregion: region, min_age: q.max_age, max_age: q.min_age }
  return { ...q, countryregion: region }
}
