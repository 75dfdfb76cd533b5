import { eq } from 'drizzle-orm'
import { canViewProfile } from '#app/policies/visibility.server'
import { db } from '#db/client.server'
import { profileImages, profiles } from '#db/schema/index'

export type PhotoVariant = 'full' | 'thumb' | 'match'

/**
 * Which file of a photo a viewer gets: the photo itself for its owner, for Premium members and for the main image;
 * the blurred copy for free members and visitors (spec section 6). Null when the viewer may not see it at all.
 */
export async function photoFileFor(
  viewer: { profileId: number; paidUser: boolean } | null,
  imageId: number,
  variant: PhotoVariant,
): Promise<{ name: string; area: 'public' | 'private'; blurred: boolean } | null> {
  const [img] = await db()
    .select({
      profileId: profileImages.profileId,
      status: profileImages.status,
      filename: profileImages.filename,
      thumbFilename: profileImages.thumbFilename,
      matchFilename: profileImages.matchFilename,
      blurredFilename: profileImages.blurredFilename,
      mainImageId: profiles.mainImageId,
    })
    .from(profileImages)
    .innerJoin(profiles, eq(profiles.id, profileImages.profileId))
    .where(eq(profileImages.id, imageId))
  if (!img) return null
  const own = viewer?.profileId === img.profileId
  const isMain = img.mainImageId === imageId
  const name = variant === 'full' ? img.filename : variant === 'thumb' ? img.thumbFilename : img.matchFilename
  if (own) return { name, area: isMain ? 'public' : 'private', blurred: false }
  if (img.status !== 'active') return null
  if (!(await canViewProfile(viewer?.profileId ?? null, img.profileId)).ok) return null
  if (isMain || viewer?.paidUser) return { name, area: isMain ? 'public' : 'private', blurred: false }
  return { name: img.blurredFilename, area: 'public', blurred: true }
}
