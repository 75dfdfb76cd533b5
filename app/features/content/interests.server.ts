import { db } from '#db/client.server'
import { interests } from '#db/schema/index'
import { asc } from 'drizzle-orm'
import { iconOr, type IconName } from '#app/ui/icon-names'
import { interestCatalog } from './interests'

/** The topics with their icon; a stored icon name the sprite lacks (an older catalog's) comes back as the default. */
export async function listInterests(): Promise<{ id: number; slug: string; icon: IconName }[]> {
  const rows = await db().select({ id: interests.id, slug: interests.slug, icon: interests.icon }).from(interests).orderBy(asc(interests.id))
  return rows.map((r) => ({ ...r, icon: iconOr(r.icon, 'heart') }))
}

/** Inserts the catalog's interests that the database lacks; run at every start, so new topics appear. */
export async function ensureInterests(): Promise<void> {
  await db().insert(interests).values(interestCatalog).onConflictDoNothing()
}
