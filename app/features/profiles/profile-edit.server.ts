import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { FormFields } from '#app/lib/form-fields'
import { listInterests } from '#app/features/content/interests.server'
import { getSettings } from '#app/features/settings/settings.server'
import { withWrite } from '#app/features/settings/write-limits.server'
import { profileEditSchema } from './profile-edit.schema'
import { updateProfile } from './update-profile.server'

type Reply = SubmissionResult<string[]>

export type ProfileEditOutcome = { ok: true; reply: Reply } | { ok: false; error: 'invalid'; reply: Reply }

/** What the own-profile form checks against: the minimum age, the countries and the interests there are. */
export async function profileFormOptions() {
  const [s, interests] = await Promise.all([getSettings(), listInterests()])
  return { minAge: s.minimum_age, countries: s.countries, interests, interestIds: interests.map((i) => i.id) }
}

/**
 * The own-profile form as it is posted (plain fields): takes a profile_edit write token first (too_often when
 * spent), then validates and saves it. `reply` is the form library's answer for the form.
 */
export function submitProfileEdit(profileId: number, fields: FormFields) {
  return withWrite('profile_edit', profileId, async (): Promise<ProfileEditOutcome> => {
    const submission = parseWithZod(searchParams(fields), { schema: profileEditSchema(await profileFormOptions()) })
    if (submission.status !== 'success') return { ok: false, error: 'invalid', reply: submission.reply() }
    await updateProfile(profileId, submission.value)
    return { ok: true, reply: submission.reply() }
  })
}

// The form library reads URLSearchParams as it reads a form post: each field's values in order.
function searchParams(fields: FormFields): URLSearchParams {
  const out = new URLSearchParams()
  for (const [k, values] of Object.entries(fields)) for (const v of values) out.append(k, v)
  return out
}
