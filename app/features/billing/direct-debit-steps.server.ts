import { z } from 'zod'
import { withWrite } from '#app/features/settings/write-limits.server'
import type { DirectDebitForm } from './direct-debit.schema'
import { confirmDirectDebit, resendDirectDebitCode, startDirectDebit, type PendingCheckout } from './direct-debit.server'

// The three steps of /directdebit as pages call them: each takes a payment write token first, so a refused step
// keeps no mandate, texts no code and collects nothing, whichever page or endpoint calls it.

// The mandate id as the form sent it. Checked after the token: a broken id has always counted as a try.
const mandateId = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number)
  .refine((n) => n > 0)

/** A mandate id that is not one (the page answers it as a bad request). */
export type BadMandateId = { ok: false; reason: 'bad_mandate_id' }
const badMandateId: BadMandateId = { ok: false, reason: 'bad_mandate_id' }

/** Step 1 with the form already checked (directDebitSchema): keeps the pending mandate and texts the code. */
export function submitDirectDebitStart(userId: number, form: DirectDebitForm, checkout: PendingCheckout) {
  return withWrite('payment', userId, () => startDirectDebit(userId, form, checkout))
}

/** Step 2: the texted code (checked by otpSchema) for the mandate the form names (as sent). */
export function submitDirectDebitConfirm(userId: number, mandate: unknown, code: string) {
  return withWrite('payment', userId, async () => {
    const id = mandateId.safeParse(mandate)
    return id.success ? confirmDirectDebit(userId, id.data, code) : badMandateId
  })
}

/** A new code for the mandate the form names (as sent). */
export function submitDirectDebitResend(userId: number, mandate: unknown) {
  return withWrite('payment', userId, async () => {
    const id = mandateId.safeParse(mandate)
    return id.success ? resendDirectDebitCode(userId, id.data) : badMandateId
  })
}
