import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { createMember } from '../../../tests/setup/factories'
import { db } from '#db/client.server'
import { creditLedger, directDebitBlocklist, directDebitMandates, memberFlags, payments, users } from '#db/schema/index'
import { decideSandboxPayment, sandboxProvider } from '#app/adapters/payments/sandbox/sandbox-provider.server'
import { setSmsSender, type OutgoingSms } from '#app/adapters/sms/index.server'
import { updateSetting } from '#app/features/settings/settings.server'
import { blockForDirectDebit, confirmDirectDebit, MAX_CODES_PER_MANDATE, resendDirectDebitCode, startDirectDebit } from './direct-debit.server'
import type { DirectDebitForm } from './direct-debit.schema'
import { ledgerBalance } from './ledger.server'
import { syncPayment } from './payment-sync.server'

useTestDatabase()

const texts: OutgoingSms[] = []
let smsDown = false
beforeEach(() => {
  texts.length = 0
  smsDown = false
  setSmsSender({
    async send(m) {
      if (smsDown) throw new Error('provider down')
      texts.push(m)
    },
  })
})
afterEach(() => setSmsSender(undefined))

const form: DirectDebitForm = {
  account_holder: 'Anna de Vries',
  iban: 'NL91ABNA0417164300',
  street: 'Keizersgracht',
  house_number: '12a',
  zip: '1015 CJ',
  city: 'Amsterdam',
  phone: '+31612345678',
}

let keys = 0
const checkout = (bundleId = 's', code: string | null = null) => ({ bundleId, code, key: `dd-${++keys}` })

/** The code of the last text message. */
function lastCode(): string {
  const body = texts.at(-1)?.body ?? ''
  const m = /\b(\d{6})\b/.exec(body)
  if (!m) throw new Error(`no code in: ${body}`)
  return m[1]
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

async function mandate(id: number) {
  const [m] = await db().select().from(directDebitMandates).where(eq(directDebitMandates.id, id))
  return m
}

async function started(userId: number, c = checkout()) {
  const r = await startDirectDebit(userId, form, c)
  if (!r.ok) throw new Error(`refused: ${r.reason}`)
  return r.mandateId
}

async function user(userId: number) {
  const [u] = await db().select({ credits: users.credits, paidUser: users.paidUser }).from(users).where(eq(users.id, userId))
  return u
}

describe('direct debit with an SMS code', () => {
  it('keeps a pending mandate, texts a code, and on the right code collects through the provider with credits booked while pending', async () => {
    const m = await createMember({ country: 'NL' })
    const c = checkout('s')
    const mandateId = await started(m.userId, c)
    expect(texts).toHaveLength(1)
    expect(texts[0].to).toBe('+31612345678')
    expect(texts[0].body).toContain('10')
    const code = lastCode()

    const pending = await mandate(mandateId)
    expect(pending).toMatchObject({
      status: 'pending_code',
      ibanPending: 'NL91ABNA0417164300',
      ibanLast4: '4300',
      codeAttempts: 0,
      codesSent: 1,
      providerMandateId: null,
    })
    expect(pending.codeHash).toMatch(/^[0-9a-f]{64}$/)
    expect(pending.codeHash).not.toContain(code)
    expect(pending.ibanHash).toMatch(/^[0-9a-f]{64}$/)
    expect(pending.codeExpiresAt!.getTime() - Date.now()).toBeGreaterThan(9 * 60_000)
    expect(pending.codeExpiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000)

    // The same form sent again: the same mandate, no second text.
    expect(await startDirectDebit(m.userId, form, c)).toEqual({ ok: true, mandateId, smsSent: true })
    expect(texts).toHaveLength(1)

    const r = await confirmDirectDebit(m.userId, mandateId, code)
    if (!r.ok) throw new Error(`refused: ${r.reason}`)
    expect(r.redirectTo).toBe(`/transactions/${r.paymentId}`)
    const active = await mandate(mandateId)
    expect(active).toMatchObject({ status: 'active', ibanPending: null, codeHash: null, provider: 'sandbox' })
    expect(active.providerMandateId).toMatch(/^sbx_mdt_/)
    expect(active.confirmedAt).not.toBeNull()

    const [p] = await db().select().from(payments).where(eq(payments.id, r.paymentId))
    expect(p).toMatchObject({ method: 'sepa_direct_debit', status: 'pending', creditsBooked: true, mandateId, totalMinor: 999, credits: 50, checkoutUrl: null })
    expect(await user(m.userId)).toEqual({ credits: 50, paidUser: true })
    expect(await ledgerBalance(m.userId)).toBe(50)

    // A repeated confirmation (a double click) finds the same payment.
    expect(await confirmDirectDebit(m.userId, mandateId, code)).toEqual(r)
    expect(await db().select({ id: payments.id }).from(payments)).toHaveLength(1)
  })

  it('texts the code in the member language', async () => {
    const m = await createMember({ country: 'DE' })
    await db().update(users).set({ language: 'de' }).where(eq(users.id, m.userId))
    await started(m.userId)
    expect(texts[0].body).toMatch(/Code/)
    expect(texts[0].body).toMatch(/Minuten/)
  })

  it('says Code invalid for a wrong code and still takes the right one', async () => {
    const m = await createMember()
    const mandateId = await started(m.userId)
    const code = lastCode()
    expect(await confirmDirectDebit(m.userId, mandateId, wrong(code))).toEqual({ ok: false, reason: 'code_invalid', attemptsLeft: 4 })
    expect((await mandate(mandateId)).codeAttempts).toBe(1)
    expect(await confirmDirectDebit(m.userId, mandateId, code)).toMatchObject({ ok: true })
  })

  it('revokes the mandate after direct_debit_code_attempts wrong codes; then even the right code needs a new form', async () => {
    await updateSetting('direct_debit_code_attempts', 3)
    const m = await createMember()
    const mandateId = await started(m.userId)
    const code = lastCode()
    expect(await confirmDirectDebit(m.userId, mandateId, wrong(code))).toMatchObject({ reason: 'code_invalid', attemptsLeft: 2 })
    expect(await confirmDirectDebit(m.userId, mandateId, wrong(code))).toMatchObject({ reason: 'code_invalid', attemptsLeft: 1 })
    expect(await confirmDirectDebit(m.userId, mandateId, wrong(code))).toEqual({ ok: false, reason: 'too_many_attempts' })
    expect(await mandate(mandateId)).toMatchObject({ status: 'revoked', ibanPending: null, codeHash: null })
    expect(await confirmDirectDebit(m.userId, mandateId, code)).toEqual({ ok: false, reason: 'too_many_attempts' })
    expect(await resendDirectDebitCode(m.userId, mandateId)).toEqual({ ok: false, reason: 'too_many_attempts' })
    expect(await db().select().from(payments)).toHaveLength(0)
    // A new form works.
    expect((await startDirectDebit(m.userId, form, checkout())).ok).toBe(true)
  })

  it('refuses a code that has expired', async () => {
    const m = await createMember()
    const mandateId = await started(m.userId)
    await db()
      .update(directDebitMandates)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(directDebitMandates.id, mandateId))
    expect(await confirmDirectDebit(m.userId, mandateId, lastCode())).toEqual({ ok: false, reason: 'code_expired' })
  })

  it('does not let one member confirm another member mandate', async () => {
    const a = await createMember()
    const b = await createMember()
    const mandateId = await started(a.userId)
    expect(await confirmDirectDebit(b.userId, mandateId, lastCode())).toEqual({ ok: false, reason: 'not_found' })
    expect(await resendDirectDebitCode(b.userId, mandateId)).toEqual({ ok: false, reason: 'not_found' })
    expect((await mandate(mandateId)).codeAttempts).toBe(0)
  })

  it('resends a new code after a pause, a limited number of times; the old code stops working', async () => {
    const m = await createMember()
    const mandateId = await started(m.userId)
    const first = lastCode()
    expect(await resendDirectDebitCode(m.userId, mandateId)).toMatchObject({ ok: false, reason: 'resend_too_soon' })
    const rewind = () =>
      db()
        .update(directDebitMandates)
        .set({ codeExpiresAt: new Date(Date.now() + 9 * 60_000) })
        .where(eq(directDebitMandates.id, mandateId))
    for (let sent = 1; sent < MAX_CODES_PER_MANDATE; sent++) {
      await rewind()
      expect(await resendDirectDebitCode(m.userId, mandateId)).toEqual({ ok: true, smsSent: true })
    }
    expect(texts).toHaveLength(MAX_CODES_PER_MANDATE)
    await rewind()
    expect(await resendDirectDebitCode(m.userId, mandateId)).toEqual({ ok: false, reason: 'too_many_codes' })
    if (lastCode() !== first) expect(await confirmDirectDebit(m.userId, mandateId, first)).toMatchObject({ reason: 'code_invalid' })
    expect(await confirmDirectDebit(m.userId, mandateId, lastCode())).toMatchObject({ ok: true })
  })

  it('reports a failed text message, and a resend can deliver it later', async () => {
    const m = await createMember()
    smsDown = true
    const r = await startDirectDebit(m.userId, form, checkout())
    expect(r).toMatchObject({ ok: true, smsSent: false })
    smsDown = false
    const mandateId = (r as { mandateId: number }).mandateId
    await db()
      .update(directDebitMandates)
      .set({ codeExpiresAt: new Date(Date.now() + 9 * 60_000) })
      .where(eq(directDebitMandates.id, mandateId))
    expect(await resendDirectDebitCode(m.userId, mandateId)).toEqual({ ok: true, smsSent: true })
    expect(await confirmDirectDebit(m.userId, mandateId, lastCode())).toMatchObject({ ok: true })
  })

  it('refuses a blocked IBAN, whatever its spelling, and texts nothing', async () => {
    expect(await blockForDirectDebit('iban', 'nl91 abna 0417 1643 00', 'chargebacks')).toBe(true)
    const [row] = await db().select().from(directDebitBlocklist)
    expect(row.valueHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row.valueHash).not.toContain('NL91')
    const m = await createMember()
    expect(await startDirectDebit(m.userId, form, checkout())).toEqual({ ok: false, reason: 'blocked' })
    expect(await startDirectDebit(m.userId, { ...form, iban: 'DE89370400440532013000' }, checkout())).toMatchObject({ ok: true })
    expect(await db().select().from(directDebitMandates)).toHaveLength(1)
    expect(texts).toHaveLength(1)
  })

  it('refuses a blocked phone number', async () => {
    await blockForDirectDebit('phone', '+31 6 12 34 56 78')
    const m = await createMember()
    expect(await startDirectDebit(m.userId, form, checkout())).toEqual({ ok: false, reason: 'blocked' })
    expect(await startDirectDebit(m.userId, { ...form, phone: '+31612345679' }, checkout())).toMatchObject({ ok: true })
    expect(texts.map((t) => t.to)).toEqual(['+31612345679'])
  })

  it('refuses a purchase over the direct debit limit of the period before sending a code', async () => {
    const m = await createMember()
    const first = await started(m.userId, checkout('xl'))
    expect(await confirmDirectDebit(m.userId, first, lastCode())).toMatchObject({ ok: true })
    texts.length = 0
    // 79.99 collected; 39.99 more is over the 100.00 of direct_debit_limit_minor.
    expect(await startDirectDebit(m.userId, form, checkout('l'))).toEqual({ ok: false, reason: 'direct_debit_limit' })
    expect(texts).toHaveLength(0)
    expect(await startDirectDebit(m.userId, form, checkout('s'))).toMatchObject({ ok: true })
    // Outside the period, and once collected, it fits again (a collection still pending counts until it is paid).
    await db()
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 31 * 86400_000) })
      .where(eq(payments.userId, m.userId))
    expect(await startDirectDebit(m.userId, form, checkout('l'))).toEqual({ ok: false, reason: 'direct_debit_limit' })
    await db().update(payments).set({ status: 'paid' }).where(eq(payments.userId, m.userId))
    expect(await startDirectDebit(m.userId, form, checkout('l'))).toMatchObject({ ok: true })
  })

  it('asks the limit again when the code is confirmed: two forms under the limit cannot both be collected', async () => {
    const m = await createMember()
    const a = await started(m.userId, checkout('xl'))
    const codeA = lastCode()
    const before = await mandate(a)
    // A second form drops the first pending one; as if both were confirmed at once from two tabs, A comes back.
    const b = await started(m.userId, checkout('l'))
    const codeB = lastCode()
    expect((await mandate(a)).status).toBe('revoked')
    await db()
      .update(directDebitMandates)
      .set({ status: 'pending_code', ibanPending: before.ibanPending, codeHash: before.codeHash, codeExpiresAt: before.codeExpiresAt })
      .where(eq(directDebitMandates.id, a))
    const results = await Promise.all([confirmDirectDebit(m.userId, a, codeA), confirmDirectDebit(m.userId, b, codeB)])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(results.filter((r) => !r.ok && r.reason === 'direct_debit_limit')).toHaveLength(1)
    expect(await db().select().from(payments).where(eq(payments.userId, m.userId))).toHaveLength(1)
  })

  it('offers direct debit only where it works (euro countries)', async () => {
    const m = await createMember({ country: 'GB' })
    expect(await startDirectDebit(m.userId, form, checkout())).toEqual({ ok: false, reason: 'method_unavailable' })
    expect(texts).toHaveLength(0)
  })

  it('books a reversal when the collection fails later, and flags the member', async () => {
    const m = await createMember()
    const mandateId = await started(m.userId, checkout('m'))
    const r = await confirmDirectDebit(m.userId, mandateId, lastCode())
    if (!r.ok) throw new Error(r.reason)
    expect(await user(m.userId)).toEqual({ credits: 125, paidUser: true })
    const [p] = await db().select({ providerPaymentId: payments.providerPaymentId }).from(payments).where(eq(payments.id, r.paymentId))
    expect(await decideSandboxPayment(p.providerPaymentId!, 'collection_failed', { webhookDelayMs: 60_000 })).not.toBeNull()
    expect(await syncPayment(sandboxProvider, p.providerPaymentId!)).toBe('failed')
    expect(await syncPayment(sandboxProvider, p.providerPaymentId!)).toBe('failed')
    expect((await user(m.userId)).credits).toBe(0)
    expect(await ledgerBalance(m.userId)).toBe(0)
    const rows = await db().select({ reason: creditLedger.reason, delta: creditLedger.delta }).from(creditLedger).where(eq(creditLedger.userId, m.userId))
    expect(rows).toEqual([
      { reason: 'purchase', delta: 125 },
      { reason: 'collection_failed', delta: -125 },
    ])
    expect(await db().select({ reason: memberFlags.reason }).from(memberFlags).where(eq(memberFlags.userId, m.userId))).toEqual([
      { reason: 'collection_failed' },
    ])
  })
})
