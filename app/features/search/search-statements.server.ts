import { and, desc, eq, inArray, lte, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { db } from '#db/client.server'
import { preparedOnce } from '#db/prepared-once.server'
import { profileImages, profiles } from '#db/schema/index'
import { genders } from '#app/features/profiles/profile-values'
import { listableTo } from '#app/policies/visibility.server'
import { compatibleWith } from '#app/policies/compatibility.server'
import { wantedGenders, type Orientation } from '#app/policies/compatibility'
import { profileCardColumns } from '#app/features/profiles/profile-view.server'

/** A value of a search's statements: given, or a placeholder that each run of a prepared statement fills in. */
type Value<T> = T | Placeholder

export interface SearchValues {
  viewerId: Value<number> | null
  /** Null for "men and women". */
  gender: Value<Orientation['gender']> | null
  country: Value<string> | null
  region: Value<string> | null
  /** Birth dates: after `oldest`, on or before `youngest` (YYYY-MM-DD). */
  oldest: Value<string>
  youngest: Value<string>
  limit: Value<number>
  offset: Value<number>
  /** The count reads at most this many matches: the cap plus one, to tell "more than". */
  countLimit: Value<number>
}

/** The two statements of a search page (results and total) for these values, built but not run. */
export function searchStatements(v: SearchValues, orientation: Orientation | null, excludeIds: readonly number[] = []) {
  const matching = (listable: SQL) =>
    and(
      listable,
      v.gender === null ? undefined : eq(profiles.gender, v.gender),
      v.country === null ? undefined : eq(profiles.country, v.country),
      v.country !== null && v.region !== null ? eq(profiles.region, v.region) : undefined,
      sql`${profiles.birthDate} > ${v.oldest}`,
      lte(profiles.birthDate, v.youngest),
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
  const where = matching(listableTo(v.viewerId))
  const countMatches = matching(listableTo(v.viewerId, 'reusable'))
  // "Men and women" counts as gender in (the genders): the same rows, since a profile's gender is one of them (and
  // the matching rule, when it applies, already asks for one of the genders the viewer looks for), but on
  // PostgreSQL 15 (no skip scan) it lets the count's index (country, gender, birth_date, ...) range over the ages
  // of each gender instead of reading every entry of the first gender before the ages begin.
  const countWhere = v.gender === null ? and(countMatches, inArray(profiles.gender, orientation ? wantedGenders(orientation) : [...genders])) : countMatches
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
    .limit(v.limit)
    .offset(v.offset)
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
          .limit(v.countLimit)
          .as('matches'),
      ),
  }
}

type Filled = { [K in keyof SearchValues]: Exclude<SearchValues[K], Placeholder> }
type Shape = { viewer: boolean; gender: boolean; country: boolean; region: boolean }

function placeholders(p: (key: keyof SearchValues) => Placeholder, shape: Shape): SearchValues {
  return {
    viewerId: shape.viewer ? p('viewerId') : null,
    gender: shape.gender ? p('gender') : null,
    country: shape.country ? p('country') : null,
    region: shape.region ? p('region') : null,
    oldest: p('oldest'),
    youngest: p('youngest'),
    limit: p('limit'),
    offset: p('offset'),
    countLimit: p('countLimit'),
  }
}

function prepare(key: string, shape: Shape, orientation: Orientation | null) {
  return {
    page: preparedOnce(`search_page_${key}`, (p) => searchStatements(placeholders(p, shape), orientation).page),
    count: preparedOnce(`search_count_${key}`, (p) => searchStatements(placeholders(p, shape), orientation).count),
  }
}

// Per shape of search: which filters are set, and the matching rule's orientation. A few dozen shapes at most.
const byShape = new Map<string, ReturnType<typeof prepare>>()

/**
 * Runs a search's two statements, their SQL built once per shape of search (db/prepared-once.server.ts: Drizzle
 * building both again was 0.4 ms of CPU per search, about a quarter of the server's part of it).
 */
export function runSearchStatements(v: Filled, orientation: Orientation | null) {
  const shape = { viewer: v.viewerId !== null, gender: v.gender !== null, country: v.country !== null, region: v.country !== null && v.region !== null }
  const key = [
    shape.viewer ? 'member' : 'visitor',
    shape.gender ? 'gender' : 'any',
    shape.country ? 'country' : '',
    shape.region ? 'region' : '',
    orientation ? `${orientation.gender}_${orientation.sexuality}` : '',
  ].join('_')
  let statements = byShape.get(key)
  if (!statements) byShape.set(key, (statements = prepare(key, shape, orientation)))
  return { page: statements.page(v), count: statements.count(v) }
}
