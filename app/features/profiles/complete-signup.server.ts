import { field, fieldValues, type FormFields } from '#app/lib/form-fields'
import { withWrite } from '#app/features/settings/write-limits.server'
import { nextStep, completeSignupSteps, profileDetailsSchema, type CompleteSignupStep } from './complete-signup'
import { updateProfileDetails } from './update-profile.server'

/**
 * `next`: the step to go on to after a saved step (null: the signup is complete); none for another intent.
 * `invalid`: nothing of the step was saved; each field's first error (a message id) and the values as posted.
 */
export type SignupStepOutcome =
  { ok: true; next?: CompleteSignupStep | null } | { ok: false; error: 'invalid'; errors: Record<string, string>; values: Record<string, string | string[]> }

/**
 * A post of the remaining signup steps as the form sends it (plain fields), but the photo changes
 * (submitPhotoChange): takes a profile_edit write token first (too_often when spent), then saves the step's fields
 * (`intent` save). A step whose fields do not all pass saves nothing and says why (issue 28: it used to be skipped
 * without a word). Another intent saves nothing.
 */
export function submitSignupStep(profileId: number, fields: FormFields) {
  return withWrite('profile_edit', profileId, async (): Promise<SignupStepOutcome> => {
    if (field(fields, 'intent') !== 'save') return { ok: true }
    const step = (field(fields, 'step') ?? completeSignupSteps[0]) as CompleteSignupStep
    // The last value of each field, as Object.fromEntries(formData) gives it; the interests are a list.
    const values = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[v.length - 1]]))
    const interests = fieldValues(fields, 'interests')
    const parsed = profileDetailsSchema(step).safeParse({ ...values, interests })
    if (!parsed.success) {
      const errors: Record<string, string> = {}
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message
      return { ok: false, error: 'invalid', errors, values: { ...values, interests } }
    }
    await updateProfileDetails(profileId, parsed.data)
    return { ok: true, next: nextStep(step) }
  })
}
