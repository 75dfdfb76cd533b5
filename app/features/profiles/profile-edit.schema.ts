import { z } from 'zod'
import { bodyTypes, eyeColors, genders, hairColors, relationshipStatuses, sexualities } from './profile-values'
import { dateOfBirthSchema, usernameSchema } from '#app/features/accounts/accounts.schema'

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess((v) => (v === '' ? undefined : v), z.enum(values).optional())

/** The own-profile form of /profile; error strings are catalog ids. */
export function profileEditSchema(opts: { minAge: number; countries: string[]; interestIds: number[] }) {
  return z.object({
    name: usernameSchema,
    gender: z.enum(genders, { error: 'validation.genderRequired' }),
    sexuality: z.enum(sexualities, { error: 'validation.sexualityRequired' }),
    date_of_birth: dateOfBirthSchema(opts.minAge),
    country: z.string({ error: 'validation.countryRequired' }).refine((c) => opts.countries.includes(c), 'validation.countryRequired'),
    region: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(80).optional()),
    city: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(80).optional()),
    hair_color: optionalEnum(hairColors),
    eye_color: optionalEnum(eyeColors),
    body_type: optionalEnum(bodyTypes),
    relationship_status: optionalEnum(relationshipStatuses),
    tattoos: z.preprocess((v) => (v === '' || v === undefined ? undefined : v === 'yes'), z.boolean().optional()),
    signup_reason: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(200, 'validation.tooLong').optional()),
    about_me: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(2000, 'validation.tooLong').optional()),
    interests: z
      .array(z.coerce.number().int())
      .default([])
      .transform((ids) => [...new Set(ids)].filter((id) => opts.interestIds.includes(id)))
      .refine((ids) => ids.length <= 20, 'validation.tooManyInterests'),
  })
}

export type ProfileEditInput = z.infer<ReturnType<typeof profileEditSchema>>
