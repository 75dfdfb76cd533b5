import { z } from 'zod'
import { bodyTypes, eyeColors, hairColors, relationshipStatuses } from './profile-values'

/**
 * The steps after the signup form (spec section 2). The photo comes first and notifications only after the profile
 * (issue 27): a permission asked before the member has seen anything is usually refused for good.
 */
export const completeSignupSteps = ['photo', 'profile', 'about', 'push', 'confirm'] as const
export type CompleteSignupStep = (typeof completeSignupSteps)[number]

export function nextStep(step: CompleteSignupStep): CompleteSignupStep | null {
  const i = completeSignupSteps.indexOf(step)
  return completeSignupSteps[i + 1] ?? null
}

// Error messages are message ids: a step that does not pass is shown again with them, keeping what was typed.
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { error: 'validation.choice' }).optional())
const optionalText = (max: number) => z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(max, 'validation.tooLong').optional())

/** The fields one step saves; anything else in the form is ignored. */
export function profileDetailsSchema(step: CompleteSignupStep) {
  if (step === 'profile') {
    return z.object({
      hair_color: optionalEnum(hairColors),
      eye_color: optionalEnum(eyeColors),
      body_type: optionalEnum(bodyTypes),
      relationship_status: optionalEnum(relationshipStatuses),
      city: optionalText(80),
    })
  }
  if (step === 'about') {
    return z.object({
      about_me: optionalText(2000),
      interests: z
        .array(z.coerce.number({ error: 'validation.choice' }).int('validation.choice').positive('validation.choice'))
        .max(20, 'validation.tooManyInterests')
        .default([]),
    })
  }
  return z.object({})
}

export type ProfileDetails = Partial<{
  hair_color: string
  eye_color: string
  body_type: string
  relationship_status: string
  city: string
  about_me: string
  interests: number[]
}>
