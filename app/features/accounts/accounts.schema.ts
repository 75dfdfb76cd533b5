import { z } from 'zod'
import { ageOn, isValidIsoDate } from '#app/lib/dates'

// Error messages are catalog ids; the form renders them translated (see app/ui/form-field.tsx).
export const emailSchema = z
  .string({ error: 'validation.invalidEmail' })
  .trim()
  .toLowerCase()
  .max(254, 'validation.invalidEmail')
  .pipe(z.email({ error: 'validation.invalidEmail' }))

export const passwordSchema = z.string({ error: 'validation.passwordTooShort' }).min(8, 'validation.passwordTooShort').max(200, 'validation.passwordTooLong')

export function dateOfBirthSchema(minAge: number, now: () => Date = () => new Date()) {
  return z
    .string({ error: 'validation.dateOfBirthRequired' })
    .trim()
    .refine(isValidIsoDate, 'validation.invalidDateOfBirth')
    .refine((v) => !isValidIsoDate(v) || ageOn(v, now()) >= minAge, 'validation.dateOfBirthRequired')
    .refine((v) => !isValidIsoDate(v) || ageOn(v, now()) <= 120, 'validation.invalidDateOfBirth')
}

/**
 * A username (spec section 5): may not start with @ and may not be an e-mail address (so never the member's own);
 * used by signup, the profile form and the username change.
 */
export const usernameSchema = z
  .string({ error: 'validation.nameRequired' })
  .trim()
  .min(2, 'validation.nameTooShort')
  .max(30, 'validation.nameTooLong')
  .refine((v) => !v.startsWith('@'), 'validation.nameStartsWithAt')
  .refine((v) => !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v), 'validation.nameEqualsEmail')

export const SIGNUP_MESSAGE_MAX = 500

export function signupSchema(opts: { minAge: number; countries: string[] }) {
  return z.object({
    email: emailSchema,
    name: usernameSchema,
    password: passwordSchema,
    date_of_birth: dateOfBirthSchema(opts.minAge),
    gender: z.enum(['male', 'female'], { error: 'validation.genderRequired' }),
    looking_for: z.enum(['male', 'female'], { error: 'validation.lookingForRequired' }),
    country: z.string({ error: 'validation.countryRequired' }).refine((c) => opts.countries.includes(c), 'validation.countryRequired'),
    // A first message to the member whose signup page this is (/members/{id}/signup), sent once the account exists.
    signup_message: z.string().trim().max(SIGNUP_MESSAGE_MAX, 'validation.tooLong').optional(),
  })
}

export type SignupInput = z.infer<ReturnType<typeof signupSchema>>

export const loginSchema = z.object({
  email: z.string({ error: 'validation.invalidEmail' }).trim().toLowerCase().min(3, 'validation.invalidEmail').max(254),
  password: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired').max(200),
  redirectTo: z.string().optional(),
})

/** A code of the authenticator app (6 digits) or a recovery code (xxxx-xxxx-xxxx). */
const secondFactorCode = z
  .string({ error: 'validation.codeFormat' })
  .trim()
  .regex(/^(\d{6}|[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4})$/i, { error: 'validation.codeFormat' })

/** The second step of a login with a second factor (issue 24): the first step's challenge and a code. */
export const loginCodeSchema = z.object({
  challenge: z.string().min(1).max(200),
  code: secondFactorCode,
  redirectTo: z.string().optional(),
})

/** Account settings: turn the second factor on with a first code, or off with the password. */
export const secondFactorSettingsSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('totp-confirm'),
    code: z
      .string({ error: 'validation.codeFormat' })
      .trim()
      .regex(/^\d{6}$/, { error: 'validation.codeFormat' }),
  }),
  z.object({ intent: z.literal('totp-disable'), password: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired').max(200) }),
])

/** Only same-site paths may be redirect targets (no open redirects). */
const SITE = 'http://site.invalid'

export function safeRedirect(to: unknown, fallback = '/members'): string {
  // Browsers drop tabs and newlines from a Location and read a backslash as a slash: `/\t/evil.example` is followed
  // to //evil.example. So such characters are refused outright, and what is left must resolve to our own origin.
  if (typeof to !== 'string' || !to.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(to)) return fallback
  let url: URL
  try {
    url = new URL(to, SITE)
  } catch {
    return fallback
  }
  if (url.origin !== SITE) return fallback
  const target = `${url.pathname}${url.search}${url.hash}`
  // An encoded second slash is harmless to a browser but not to every proxy or client that decodes it first.
  let decoded = target
  try {
    decoded = decodeURIComponent(url.pathname)
  } catch {
    return fallback
  }
  if (target.startsWith('//') || /^\/[/\\]/.test(decoded)) return fallback
  return target
}

/** A new password typed twice (reset and change). */
export const newPasswordSchema = z
  .object({ password: passwordSchema, password_repeat: z.string({ error: 'validation.passwordsDiffer' }) })
  .refine((v) => v.password === v.password_repeat, { path: ['password_repeat'], message: 'validation.passwordsDiffer' })

export const changePasswordSchema = z
  .object({
    intent: z.literal('password'),
    old_password: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired').max(200),
    password: passwordSchema,
    password_repeat: z.string({ error: 'validation.passwordsDiffer' }),
  })
  .refine((v) => v.password === v.password_repeat, { path: ['password_repeat'], message: 'validation.passwordsDiffer' })

/** A new address and the current password: a session alone may not move the account to another mailbox. */
export const changeEmailSchema = z.object({
  intent: z.literal('email'),
  email: z
    .string({ error: 'validation.newEmailInvalid' })
    .trim()
    .toLowerCase()
    .max(254, 'validation.newEmailInvalid')
    .pipe(z.email({ error: 'validation.newEmailInvalid' })),
  password: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired').max(200),
})
