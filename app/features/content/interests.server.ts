import { db } from '#db/client.server'
import { interests } from '#db/schema/index'
import { asc } from 'drizzle-orm'
import { interestCatalog } from './interests'

export async function listInterests(): Promise<{ id: number; slug: string; icon: string }[]> {
  return db().select({ id: interests.id, slug: interests.slug, icon: interests.icon }).from(interests).orderBy(asc(interests.id))
}

/** Inserts the catalog's interests that the database lacks; run at every start, so new topics appear. */
export async function ensureInterests(): Promise<void> {
  await db().insert(interests).values(interestCatalog).onConflictDoNothing()
}
