import { db } from '#db/client.server'
import { profileImages, profiles } from '#db/schema/index'
import { genders } from '#app/features/profiles/profile-values'
import { listableTo } from '#app/policies/visibility.server'
import { compatibleWith } from '#app/policies/compatibility.server'
import { wantedGenders, type Orientation } from '#app/policies/compatibility'
import { and, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm'
import { birthDateForAge } from '#app/lib/dates'
import { profileCardColumns, toProfileCard, type ProfileCard } from '#app/features/profiles/profile-view.server'
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
  // Age range to birth-date range: someone aged max_age was born after the day (max_age + 1) years ago.
  const oldest = birthDateForAge(q.max_age + 1, now)
  const youngest = birthDateForAge(q.min_age, now)
  const matching = (listable: SQL) =>
    and(
      listable,
      q.gender === 'any' ? undefined : eq(profiles.gender, q.gender),
      q.country ? eq(profiles.country, q.country) : undefined,
      q.country && q.countryregion ? eq(profiles.region, q.countryregion) : undefined,
      sql`${profiles.birthDate} > ${oldest}`,
      lte(profiles.birthDate, youngest),
      // The default search (no gender chosen) follows the matching rule: only who could be interested both ways.
      orientation ? compatibleWith(orientation) : undefined,
      excludeIds.length
        ? sql`${profiles.id} not in (${sql.join(
            excludeIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : undefined,
    )
  // The page is planned for each run's values, the count once per connection (listableTo's `plan`).
  const where = matching(listableTo(viewerId))
  const countMatches = matching(listableTo(viewerId, 'reusable'))
  // "Men and women" counts as gender in (the genders): the same rows, since a profile's gender is one of them (and
  // the matching rule, when it applies, already asks for one of the genders the viewer looks for), but on
  // PostgreSQL 15 (no skip scan) it lets the count's index (country, gender, birth_date, ...) range over the ages
  // of each gender instead of reading every entry of the first gender before the ages begin.
  const countWhere = q.gender === 'any' ? and(countMatches, inArray(profiles.gender, orientation ? wantedGenders(orientation) : [...genders])) : countMatches
  // Deferred join: the ids of the page are found by an index-only scan (the search indexes of db/schema/profiles.ts
  // carry every column these conditions read), and only the 24 rows of the page are read from the table. Reading
  // the table row by row while filtering cost a heap fetch per candidate: tens of thousands for a region or age
  // range with few members, where the planner expected many.
  const hits = db()
    .select({ id: profiles.id, hasPhoto: profiles.hasPhoto, lastActiveAt: profiles.lastActiveAt })
    .from(profiles)
    .where(where)
    // Members with a photo first (issue 28), then the newest activity: the order of the search indexes.
    .orderBy(desc(profiles.hasPhoto), desc(profiles.lastActiveAt), desc(profiles.id))
    .limit(perPage)
    .offset((q.page - 1) * perPage)
    .as('hits')
  return {
    page: db()
      .select(profileCardColumns)
      .from(hits)
      .innerJoin(profiles, eq(profiles.id, hits.id))
      .leftJoin(profileImages, eq(profileImages.id, profiles.mainImageId))
      .orderBy(desc(hits.hasPhoto), desc(hits.lastActiveAt), desc(hits.id)),
    // An exact count of half a million matches costs a scan of half a million index entries; past the cap the
    // page says "more than".
    count: db()
      .select({ n: sql<number>`count(*)::int` })
      .from(
        db()
          .select({ one: sql`1` })
          .from(profiles)
          .where(countWhere)
          .limit(countCap + 1)
          .as('matches'),
      ),
  }
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
  const queries = buildSearchQueries(viewerId, q, perPage, now, countCap, [], orientation)
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
