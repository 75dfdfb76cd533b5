import { db } from '#db/client.server'
import { profiles, users } from '#db/schema/index'
import { sql } from 'drizzle-orm'
import type { SignupInput } from './accounts.schema'
import { logger } from '#app/lib/logger.server'
import { sendAccountEmail } from './account-mail.server'
import { isCommonPassword } from '#app/features/authentication/common-passwords.server'
import { hashPassword } from '#app/features/authentication/passwords.server'
import { errorText } from '#app/lib/error-text'

export type SignupResult = { ok: true; userId: number; profileId: number } | { ok: false; error: 'duplicate_email' | 'pending_deletion' | 'common_password' }

function sexualityFor(gender: 'male' | 'female', lookingFor: 'male' | 'female') {
  if (gender !== lookingFor) return 'hetero' as const
  return gender === 'male' ? ('gay' as const) : ('lesbian' as const)
}

/** Creates the account and its profile in one transaction, so a failure never leaves half an account behind. */
export async function signup(input: SignupInput & { language: string; tracking?: Record<string, string> | null }): Promise<SignupResult> {
  const [existing] = await db()
    .select({ status: users.status })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`)
  if (existing) return { ok: false, error: existing.status === 'pending_deletion' ? 'pending_deletion' : 'duplicate_email' }

  // A password from the lists guessers try first is refused (issue 24, point 17).
  if (isCommonPassword(input.password)) return { ok: false, error: 'common_password' }
  const passwordHash = await hashPassword(input.password)
  try {
    return await db()
      .transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ email: input.email, passwordHash, language: input.language, tracking: input.tracking ?? null })
          .returning({ id: users.id })
        const [profile] = await tx
          .insert(profiles)
          .values({
            userId: user.id,
            name: input.name,
            gender: input.gender,
            sexuality: sexualityFor(input.gender, input.looking_for),
            birthDate: input.date_of_birth,
            country: input.country,
            // Listed once the e-mail address is confirmed (activation.server.ts).
            status: 'disabled',
          })
          .returning({ id: profiles.id })
        return { ok: true as const, userId: user.id, profileId: profile.id }
      })
      .then(async (r) => {
        // After the commit: a failed e-mail must not undo the account; the member can ask for it again.
        await sendAccountEmail(r.userId, 'activation').catch((e: Error) => logger.error({ err: errorText(e), userId: r.userId }, 'activation e-mail failed'))
        return r
      })
  } catch (e) {
    // Two signups racing for one address: the unique index decides, the loser gets the duplicate message.
    if (String((e as { code?: string; cause?: { code?: string } }).code ?? (e as { cause?: { code?: string } }).cause?.code) === '23505') {
      return { ok: false, error: 'duplicate_email' }
    }
    throw e
  }
}
