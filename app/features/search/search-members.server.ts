import type { Orientation } from '#app/policies/compatibility'
import { birthDateForAge } from '#app/lib/dates'
import { toProfileCard, type ProfileCard } from '#app/features/profiles/profile-view.server'
import { runSearchStatements, searchStatements } from './search-statements.server'
import { nicheOf } from '#app/features/niche/niche'
import type { SearchQuery } from './search.schema'

/**
 * Where a search stops counting: past it the page says "More than 1,000 members found". A count reads one index
 * entry per match, so 10,000 cost 5-7 ms of the database's time on a broad search over a million profiles, most of
 * a search's cost (bench/search.ts); a member learns nothing more from the larger number.
 */
export const DEFAULT_COUNT_CAP = 1_000

export interface SearchResult {
  profiles: ProfileCard[]
  total: number
  /** True when there are more than `total` matches: counting stops at the cap. */
  capped: boolean
  page: number
  pages: number
}

/** The values of a search's statements for a query of the search form. */
function searchValues(viewerId: number | null, q: SearchQuery, perPage: number, now: Date, countCap: number) {
  return {
    viewerId,
    gender: q.gender === 'any' ? null : q.gender,
    country: q.country || null,
    region: (q.country && q.countryregion) || null,
    // Age range to birth-date range: someone aged max_age was born after the day (max_age + 1) years ago.
    oldest: birthDateForAge(q.max_age + 1, now),
    youngest: birthDateForAge(q.min_age, now),
    limit: perPage,
    offset: (q.page - 1) * perPage,
    countLimit: countCap + 1,
  }
}

/** The two queries of a search page (results and total), built but not run: the benchmark EXPLAINs them. */
export function buildSearchQueries(
  viewerId: number | null,
  q: SearchQuery,
  perPage: number,
  now = new Date(),
  countCap = DEFAULT_COUNT_CAP,
  excludeIds: number[] = [],
  orientation: Orientation | null = null,
) {
  return searchStatements(searchValues(viewerId, q, perPage, now, countCap), orientation, excludeIds)
}

/** Members matching the query that the viewer may see, those with a photo first, then newest activity, a page at a time. */
export async function searchMembers(
  viewerId: number | null,
  q: SearchQuery,
  perPage: number,
  countCap = DEFAULT_COUNT_CAP,
  orientation: Orientation | null = null,
): Promise<SearchResult> {
  const now = new Date()
  const queries = runSearchStatements(searchValues(viewerId, q, perPage, now, countCap), orientation)
  const [rows, [count]] = await Promise.all([queries.page, queries.count])
  const counted = Number(count?.n ?? 0)
  const capped = counted > countCap
  const total = capped ? countCap : counted
  return { profiles: rows.map((r) => toProfileCard(r, now)), total, capped, page: q.page, pages: Math.max(1, Math.ceil(total / perPage)) }
}

/**
 * 'Similar results' when few match: the same gender and country, any region, ages widened by five years either
 * way, without the profiles already shown. Capped at one page.
 */
export async function similarMembers(
  viewerId: number | null,
  q: SearchQuery,
  exclude: number[],
  limit: number,
  orientation: Orientation | null = null,
): Promise<ProfileCard[]> {
  const now = new Date()
  const wider = { ...q, countryregion: '', min_age: Math.max(18, q.min_age - 5), max_age: Math.min(99, q.max_age + 5), page: 1 }
  const rows = await buildSearchQueries(viewerId, wider, limit, now, DEFAULT_COUNT_CAP, exclude, orientation).page
  return rows.map((r) => toProfileCard(r, now))
}

/**
 * The gender a member is most likely looking for, from their own gender and sexuality; a visitor's is the site's
 * niche's (setting niche: gay men, women for 'she', else women).
 */
export function defaultLookingFor(viewer: { gender: 'male' | 'female'; sexuality: string } | null, niche: unknown = 1): 'male' | 'female' | 'any' {
  if (!viewer) return nicheOf(niche).seeking.lookingFor
  if (viewer.sexuality === 'bi') return 'any'
  if (viewer.sexuality === 'gay' || viewer.sexuality === 'lesbian') return viewer.gender
  return viewer.gender === 'male' ? 'female' : 'male'
}
