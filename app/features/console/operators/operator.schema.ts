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
  code: z
    .string({ error: 'admin.login.codeFormat' })
    .trim()
    .regex(/^\d{6}$/, { error: 'admin.login.codeFormat' }),
})

export const newOperatorSchema = z.object({
  email: z.string({ error: 'validation.invalidEmail' }).trim().email({ error: 'validation.invalidEmail' }).max(254),
  name: z.string({ error: 'validation.nameRequired' }).trim().min(2, { error: 'validation.nameTooShort' }).max(80, { error: 'admin.fictional.tooLong' }),
  role: z.enum(['moderator', 'support', 'admin'], { error: 'admin.operators.roleRequired' }),
  password: z
    .string({ error: 'admin.operators.passwordTooShort' })
    .min(12, { error: 'admin.operators.passwordTooShort' })
    .max(200, { error: 'validation.passwordTooLong' }),
})

export const operatorChangeSchema = z.object({
  operatorId: z.coerce.number().int().positive(),
  change: z.enum(['disable', 'enable', 'reset_second_factor', 'unlock']),
  reason: z.string({ error: 'admin.reasonRequired' }).trim().min(3, { error: 'admin.reasonRequired' }).max(500, { error: 'admin.fictional.tooLong' }),
})
