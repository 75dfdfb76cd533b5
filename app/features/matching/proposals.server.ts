import { and, asc, desc, eq, inArray, lte, ne, sql, type SQL } from 'drizzle-orm'
import { db } from '#db/client.server'
import { interests, profileImages, profileInterests, profiles } from '#db/schema/index'
import { proposableTo } from '#app/policies/compatibility.server'
import { proposedAges, type Orientation } from '#app/policies/compatibility'
import { ageOn, birthDateForAge } from '#app/lib/dates'
import { getSettings } from '#app/features/settings/settings.server'
import { profileCardColumns, toProfileCard } from '#app/features/profiles/profile-view.server'
import type { ProfileCard } from '#app/features/profiles/profile-types'

export interface Proposer extends Orientation {
  profileId: number
  birthDate: string
  country: string
  region: string | null
}

export interface Proposal {
  profile: ProfileCard
  /** Interest slugs both share (the card names a few) and whether the profile is in the viewer's region. */
  sharedInterests: string[]
  /** A few of the profile's interests, for the swipe card. */
  interests: string[]
  sameRegion: boolean
  /** The profile's large image ("match" variant), when it has an active one. */
  matchImage: string | null
}

/** The viewer as the matching rule needs them, or null for a profile that cannot be matched (no such profile). */
export async function proposer(profileId: number): Promise<Proposer | null> {
  const [p] = await db()
    .select({ gender: profiles.gender, sexuality: profiles.sexuality, birthDate: profiles.birthDate, country: profiles.country, region: profiles.region })
    .from(profiles)
    .where(eq(profiles.id, profileId))
  return p ? { profileId, ...p } : null
}

/** The queries behind proposals, built but not run (the benchmark EXPLAINs them). */
export function buildProposalQueries(viewer: Proposer, opts: { limit: number; skipDays: number; exclude?: number[]; now?: Date }) {
  const now = opts.now ?? new Date()
  const ages = proposedAges(ageOn(viewer.birthDate, now))
  const where = and(
    proposableTo(viewer.profileId, viewer, opts.skipDays),
    // Implied by proposableTo's approved main photo; said here so that the search indexes (photo first) keep their
    // order for a proposal's range.
    eq(profiles.hasPhoto, true),
    sql`${profiles.birthDate} > ${birthDateForAge(ages.max + 1, now)}`,
    lte(profiles.birthDate, birthDateForAge(ages.min, now)),
    opts.exclude?.length
      ? sql`${profiles.id} not in (${sql.join(
          opts.exclude.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : undefined,
  )
  // Deferred join, as in search: the ids are found by an index-only scan of a search index (it carries every column
  // these conditions read), then only the proposed rows are read from the table.
  const pick = (cond: SQL | undefined) => {
    const hits = db()
      .select({ id: profiles.id, lastActiveAt: profiles.lastActiveAt })
      .from(profiles)
      .where(and(where, cond))
      .orderBy(desc(profiles.lastActiveAt), desc(profiles.id))
      .limit(opts.limit)
      .as('hits')
    return db()
      .select({ ...profileCardColumns, match: profileImages.matchFilename })
      .from(hits)
      .innerJoin(profiles, eq(profiles.id, hits.id))
      .leftJoin(profileImages, eq(profileImages.id, profiles.mainImageId))
      .orderBy(desc(hits.lastActiveAt), desc(hits.id))
  }
  return {
    // Nearer first: the viewer's region, then the rest of the country; recently active first within each.
    region: viewer.region ? pick(and(eq(profiles.country, viewer.country), eq(profiles.region, viewer.region))) : null,
    country: pick(and(eq(profiles.country, viewer.country), viewer.region ? sql`${profiles.region} is distinct from ${viewer.region}` : undefined)),
    // Then the other countries, for a member whose own has run out of proposals.
    elsewhere: pick(ne(profiles.country, viewer.country)),
  }
}

/**
 * Profiles to propose to a viewer, nearest and most recently active first, with the reasons a card shows. Used by
 * the swipe game, the match finder and the like modal; they all follow the one rule of proposableTo.
 */
export async function proposals(viewer: Proposer, opts: { limit: number; exclude?: number[] }): Promise<Proposal[]> {
  const settings = await getSettings()
  const q = buildProposalQueries(viewer, { ...opts, skipDays: settings.swipe_skip_days })
  const near = q.region ? await q.region : []
  const rest = near.length < opts.limit ? await q.country : []
  const far = near.length + rest.length < opts.limit ? await q.elsewhere : []
  const rows = [...near, ...rest, ...far].slice(0, opts.limit)
  if (rows.length === 0) return []
  const tags = await db()
    .select({ profileId: profileInterests.profileId, slug: interests.slug })
    .from(profileInterests)
    .innerJoin(interests, eq(interests.id, profileInterests.interestId))
    .where(inArray(profileInterests.profileId, [viewer.profileId, ...rows.map((r) => r.id)]))
    .orderBy(asc(interests.slug))
  const by = new Map<number, string[]>()
  for (const t of tags) by.set(t.profileId, [...(by.get(t.profileId) ?? []), t.slug])
  const mine = new Set(by.get(viewer.profileId) ?? [])
  const now = new Date()
  return rows.map((r) => {
    const theirs = by.get(r.id) ?? []
    return {
      profile: toProfileCard(r, now),
      sharedInterests: theirs.filter((s) => mine.has(s)),
      interests: theirs.slice(0, 5),
      sameRegion: !!viewer.region && r.country === viewer.country && r.region === viewer.region,
      matchImage: r.imageStatus === 'active' ? r.match : null,
    }
  })
}

/** One profile for the match modal when it has none (GET /api/auto-like.php): the first proposal, if any. */
export async function suggestion(viewerId: number): Promise<Proposal | null> {
  const v = await proposer(viewerId)
  if (!v) return null
  const [p] = await proposals(v, { limit: 1 })
  return p ?? null
}
