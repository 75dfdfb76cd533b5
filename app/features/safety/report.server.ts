import { and, eq } from 'drizzle-orm'
import { db } from '#db/client.server'
import { profileImages, profiles, reports } from '#db/schema/index'

/** Stores a report for moderation. The image, when given, must belong to the reported profile. */
export async function reportProfile(input: { reporterId: number; targetId: number; reason: string; details?: string; imageId?: number }): Promise<boolean> {
  if (input.reporterId === input.targetId) return false
  const [target] = await db().select({ id: profiles.id }).from(profiles).where(eq(profiles.id, input.targetId))
  if (!target) return false
  if (input.imageId) {
    const [img] = await db()
      .select({ id: profileImages.id })
      .from(profileImages)
      .where(and(eq(profileImages.id, input.imageId), eq(profileImages.profileId, input.targetId)))
    if (!img) return false
  }
  await db().insert(reports).values({ reporterId: input.reporterId, targetId: input.targetId, imageId: input.imageId ?? null, reason: input.reason, details: input.details ?? null })
  return true
}
