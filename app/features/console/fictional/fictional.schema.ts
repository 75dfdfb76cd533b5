import { z } from 'zod'
import { bodyTypes, genders, sexualities } from '#app/features/profiles/profile-values'

/** Ages a fictional profile may show (like members: adults only). */
export const FICTIONAL_MIN_AGE = 18
export const FICTIONAL_MAX_AGE = 99

function ageOn(birth: string, today = new Date()): number {
  const b = new Date(`${birth}T00:00:00Z`)
  let age = today.getUTCFullYear() - b.getUTCFullYear()
  const beforeBirthday = today.getUTCMonth() < b.getUTCMonth() || (today.getUTCMonth() === b.getUTCMonth() && today.getUTCDate() < b.getUTCDate())
  if (beforeBirthday) age -= 1
  return age
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'admin.fictional.tooLong' })
    .optional()
    .transform((v) => (v ? v : null))

/** A fictional profile as the console edits it; the disclosure is not a field: it is always on. */
export const fictionalProfileSchema = z.object({
  name: z.string({ error: 'validation.nameRequired' }).trim().min(2, { error: 'validation.nameTooShort' }).max(40, { error: 'admin.fictional.tooLong' }),
  gender: z.enum(genders, { error: 'validation.genderRequired' }),
  sexuality: z.enum(sexualities, { error: 'admin.fictional.sexualityRequired' }),
  birthDate: z
    .string({ error: 'validation.invalidDateOfBirth' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.invalidDateOfBirth' })
    .refine((d) => !Number.isNaN(Date.parse(d)) && ageOn(d) >= FICTIONAL_MIN_AGE && ageOn(d) <= FICTIONAL_MAX_AGE, { error: 'admin.fictional.age' }),
  country: z.string({ error: 'validation.countryRequired' }).regex(/^[A-Z]{2}$/, { error: 'validation.countryRequired' }),
  region: optionalText(80),
  bodyType: z
    .enum(bodyTypes)
    .optional()
    .transform((v) => v ?? null),
  aboutMe: optionalText(2000),
  reason: z.string({ error: 'admin.reasonRequired' }).trim().min(3, { error: 'admin.reasonRequired' }).max(500, { error: 'admin.fictional.tooLong' }),
})

export type FictionalProfileInput = z.output<typeof fictionalProfileSchema>
