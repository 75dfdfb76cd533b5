import { hash } from '@node-rs/argon2'
import { db } from '#db/client.server'
import { eq } from 'drizzle-orm'
import { profileImages, profiles, users } from '#db/schema/index'
import { bookCredits } from '#app/features/billing/ledger.server'

let n = 0

/** A member account with its profile; options override the defaults. */
export async function createMember(
  opts: Partial<{
    email: string
    password: string
    name: string
    gender: 'male' | 'female'
    sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi'
    birthDate: string
    country: string
    status: 'not_confirmed' | 'active' | 'pending_deletion'
    invisible: boolean
    privacyMode: boolean
    profileStatus: 'active' | 'disabled'
    paidUser: boolean
    credits: number
    /** An approved main photo (rows only, no files): what the swipe game and the match finder ask of a profile. */
    photo: boolean
  }> = {},
) {
  n += 1
  const password = opts.password ?? 'password-123'
  const [user] = await db()
    .insert(users)
    .values({
      email: opts.email ?? `member${n}-${Date.now()}@example.com`,
      passwordHash: await hash(password, { memoryCost: 1024, timeCost: 1 }),
      status: opts.status ?? 'active',
      paidUser: opts.paidUser ?? false,
    })
    .returning({ id: users.id, email: users.email })
  // Credits come as the product grants them: a ledger entry with the balance, so the two always agree.
  if (opts.credits)
    await db().transaction((tx) => bookCredits(tx, { userId: user.id, delta: opts.credits!, reason: 'adjustment', key: `test-grant:${user.id}` }))
  const [profile] = await db()
    .insert(profiles)
    .values({
      userId: user.id,
      name: opts.name ?? `Member${n}`,
      gender: opts.gender ?? 'female',
      sexuality: opts.sexuality ?? 'hetero',
      birthDate: opts.birthDate ?? '1990-01-01',
      country: opts.country ?? 'NL',
      status: opts.profileStatus ?? 'active',
      invisible: opts.invisible ?? false,
      privacyMode: opts.privacyMode ?? false,
    })
    .returning({ id: profiles.id })
  if (opts.photo) await addMainPhoto(profile.id)
  return { userId: user.id, profileId: profile.id, email: user.email, password }
}

/** A fictional profile (no account). */
export async function createFictional(opts: Partial<{ name: string; gender: 'male' | 'female'; birthDate: string; country: string }> = {}) {
  n += 1
  const [profile] = await db()
    .insert(profiles)
    .values({
      name: opts.name ?? `Fiction${n}`,
      gender: opts.gender ?? 'female',
      birthDate: opts.birthDate ?? '1992-05-05',
      country: opts.country ?? 'NL',
      status: 'active',
      isFictional: true,
    })
    .returning({ id: profiles.id })
  return { profileId: profile.id }
}

/** An approved photo made the profile's main one (database rows only: the files are not read by the queries). */
export async function addMainPhoto(profileId: number) {
  const name = `test-${profileId}-${Date.now()}`
  const [image] = await db()
    .insert(profileImages)
    .values({
      profileId,
      filename: `${name}.webp`,
      thumbFilename: `${name}-t.webp`,
      matchFilename: `${name}-m.webp`,
      blurredFilename: `${name}-b.webp`,
      status: 'active',
    })
    .returning({ id: profileImages.id })
  await db().update(profiles).set({ mainImageId: image.id }).where(eq(profiles.id, profileId))
  return image.id
}
