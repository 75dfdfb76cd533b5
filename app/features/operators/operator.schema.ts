import { z } from 'zod'

export const operatorLoginSchema = z.object({
  email: z.string({ error: 'validation.invalidEmail' }).trim().email({ error: 'validation.invalidEmail' }).max(254),
  password: z.string({ error: 'validation.passwordRequired' }).min(1, { error: 'validation.passwordRequired' }).max(200),
})

export const secondFactorSchema = z.object({
  code: z
    .string({ error: 'admin.login.codeFormat' })
    .trim()
    .regex(/^(\d{6}|[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4})$/i, { error: 'admin.login.codeFormat' }),
})

export const enrolSchema = z.object({
  code: z.string({ error: 'admin.login.codeFormat' }).trim().regex(/^\d{6}$/, { error: 'admin.login.codeFormat' }),
})
