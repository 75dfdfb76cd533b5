import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { profiles } from '#db/schema/index'
import { recordAudit } from '#app/features/console/operators/audit.server'
import type { OperatorIdentity } from '#app/features/console/operators/operator-accounts.server'
import { listOwnPhotos, uploadPhoto, type UploadResult } from '#app/features/photos/photos.server'
import type { FictionalProfileInput } from './fictional.schema'

const PAGE = 25

export interface FictionalRow {
  id: number
  name: string
  gender: string
  country: string
  status: 'active' | 'disabled'
  birthDate: string
}

/** The orders the list offers (`?sort=`): only these keys reach SQL, each mapped to its column here. */
export const fictionalSortKeys = ['id', 'name', 'country', 'status'] as const
export type FictionalSort = { key: (typeof fictionalSortKeys)[number]; dir: 'asc' | 'desc' }
const sortColumns = { id: profiles.id, name: profiles.name, country: profiles.country, status: profiles.status } as const
export const defaultFictionalSort: FictionalSort = { key: 'id', dir: 'desc' }

/** Fictional profiles, newest first unless sorted otherwise (ties by id, so pages do not overlap), optionally by name prefix. */
export async function listFictional(opts: {
  q?: string
  page?: number
  sort?: FictionalSort
}): Promise<{ rows: FictionalRow[]; total: number; pages: number }> {
  const page = Math.max(1, opts.page ?? 1)
  const sort = opts.sort ?? defaultFictionalSort
  const order = sort.dir === 'asc' ? asc : desc
  const orderBy = sort.key === 'id' ? [order(profiles.id)] : [order(sortColumns[sort.key]), order(profiles.id)]
  const where = and(eq(profiles.isFictional, true), opts.q ? ilike(profiles.name, `${opts.q.replace(/[%_\\]/g, '\\$&')}%`) : undefined)
  const [rows, [{ n }]] = await Promise.all([
    db()
      .select({
        id: profiles.id,
        name: profiles.name,
        gender: profiles.gender,
        country: profiles.country,
        status: profiles.status,
        birthDate: profiles.birthDate,
      })
      .from(profiles)
      .where(where)
      .orderBy(...orderBy)
      .limit(PAGE)
      .offset((page - 1) * PAGE),
    db().select({ n: count() }).from(profiles).where(where),
  ])
  return { rows, total: n, pages: Math.max(1, Math.ceil(n / PAGE)) }
}

export async function fictionalById(id: number) {
  const [row] = await db()
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, id), eq(profiles.isFictional, true)))
  return row ?? null
}

const columns = (input: FictionalProfileInput) => ({
  name: input.name,
  gender: input.gender,
  sexuality: input.sexuality,
  birthDate: input.birthDate,
  country: input.country,
  region: input.region,
  bodyType: input.bodyType,
  aboutMe: input.aboutMe,
})

/**
 * Creates a fictional profile: no account (user_id null, so nobody can log in as it and nothing can be written
 * in its name), marked fictional for good (the database keeps is_fictional equal to "no account"), listed at once.
 */
export async function createFictional(input: FictionalProfileInput, by: OperatorIdentity): Promise<number> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(profiles)
      .values({ ...columns(input), userId: null, isFictional: true, status: 'active' })
      .returning({ id: profiles.id })
    await recordAudit({ operator: by, action: 'fictional.create', target: { type: 'profile', id: row.id }, reason: input.reason }, tx)
    return row.id
  })
}

export async function updateFictional(id: number, input: FictionalProfileInput, by: OperatorIdentity): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set(columns(input))
      .where(and(eq(profiles.id, id), eq(profiles.isFictional, true)))
      .returning({ id: profiles.id })
    if (!row) return false
    await recordAudit({ operator: by, action: 'fictional.update', target: { type: 'profile', id }, reason: input.reason }, tx)
    return true
  })
}

/** Lists or hides a fictional profile; disabled ones appear nowhere on the site. */
export async function setFictionalStatus(id: number, status: 'active' | 'disabled', reason: string, by: OperatorIdentity): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ status })
      .where(and(eq(profiles.id, id), eq(profiles.isFictional, true), sql`${profiles.status} <> ${status}`))
      .returning({ id: profiles.id })
    if (!row) return false
    await recordAudit({ operator: by, action: status === 'active' ? 'fictional.enable' : 'fictional.disable', target: { type: 'profile', id }, reason }, tx)
    return true
  })
}

/** Adds a photo to a fictional profile; it goes through the same processing as members' uploads. */
export async function addFictionalPhoto(id: number, data: Buffer, by: OperatorIdentity): Promise<UploadResult> {
  const result = await uploadPhoto({ profileId: id, paidUser: true }, data)
  if (result.ok) await recordAudit({ operator: by, action: 'fictional.photo_add', target: { type: 'profile', id }, details: { imageId: result.photo.id } })
  return result
}

export { listOwnPhotos as fictionalPhotos }
