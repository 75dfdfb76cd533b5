import { z } from 'zod'

/** Every support action that changes something says why: kept in the audit log (no personal data, please). */
const reason = z
  .string({ error: 'admin.support.error.reason' })
  .trim()
  .min(3, { error: 'admin.support.error.reason' })
  .max(500, { error: 'admin.support.error.reasonLong' })
const confirmed = z.literal('on', { error: 'admin.support.error.confirm' })

export const MAX_CREDIT_ADJUSTMENT = 100_000

export const supportActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('resend-activation') }),
  z.object({ intent: z.literal('lift-lockout'), reason }),
  z.object({ intent: z.literal('logout-everywhere'), reason, confirm: confirmed }),
  z.object({
    intent: z.literal('adjust-credits'),
    reason,
    delta: z.coerce
      .number({ error: 'admin.support.error.delta' })
      .int({ error: 'admin.support.error.delta' })
      .refine((n) => n !== 0 && Math.abs(n) <= MAX_CREDIT_ADJUSTMENT, { error: 'admin.support.error.delta' }),
    // One key per rendered form: a double submit or a resent form books once.
    key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'admin.support.error.stale' }),
  }),
  z.object({ intent: z.literal('refund'), reason, paymentId: z.coerce.number().int().positive(), confirm: confirmed }),
  z.object({ intent: z.literal('erase'), reason, typed: z.string().trim().max(40) }),
])

export type SupportAction = z.infer<typeof supportActionSchema>
export type SupportIntent = SupportAction['intent']

/** What an operator types to confirm an erase: the word ERASE and the account id, so a slip cannot erase. */
export const eraseConfirmation = (userId: number) => `ERASE ${userId}`
