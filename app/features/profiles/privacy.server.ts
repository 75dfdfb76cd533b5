import { eq } from 'drizzle-orm'
import { db } from '#db/client.server'
import { profiles } from '#db/schema/index'

export async function getPrivacy(profileId: number): Promise<{ invisible: boolean; privacyMode: boolean }> {
  const [row] = await db().select({ invisible: profiles.invisible, privacyMode: profiles.privacyMode }).from(profiles).where(eq(profiles.id, profileId))
  return row ?? { invisible: false, privacyMode: false }
}

/** Invisible mode and privacy mode (spec section 6); their effect lives in app/policies. */
export async function setPrivacy(profileId: number, value: { invisible: boolean; privacyMode: boolean }): Promise<void> {
  await db().update(profiles).set(value).where(eq(profiles.id, profileId))
}
