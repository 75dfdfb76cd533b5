import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { testJobRunner } from '../../../tests/setup/job-runner'
import { createMember } from '../../../tests/setup/factories'
import { db } from '#db/client.server'
import { creditLedger, directDebitBlocklist, directDebitMandates, domainEvents, memberFlags, payments, users } from '#db/schema/index'
import { setMailer, type OutgoingMail } from '#app/adapters/mail/index.server'
import { decideSandboxPayment, sandboxProvider } from '#app/adapters/payments/sandbox/sandbox-provider.server'
import { setSmsSender, type OutgoingSms } from '#app/adapters/sms/index.server'
import { memberDetail } from '#app/features/console/support/member-detail.server'
import { startCheckout } from './checkout.server'
import { confirmDirectDebit, directDebitOffer, startDirectDebit } from './direct-debit.server'
import type { DirectDebitForm } from './direct-debit.schema'
import { bookCredits, ledgerBalance } from './ledger.server'
import { syncPayment } from './payment-sync.server'

// Issue 24, point 1: direct debit paid out before the money arrived, and a failed collection changed nothing that
// stopped the next one. Each test below performs the attack and fails on the code before the fix.

useTestDatabase()
const runner = testJobRunner()

const texts: OutgoingSms[] = []
const mails: OutgoingMail[] = []
beforeEach(() => {
  texts.length = 0
  mails.length = 0
  setSmsSender({ send: async (m) => void texts.push(m) })
  setMailer({ send: async (m) => void mails.push(m) })
})
afterEach(() => {
  setSmsSender(undefined)
  setMailer(undefined)
})

const form = (over: Partial<DirectDebitForm> = {}): DirectDebitForm => ({
  account_holder: 'Anna de Vries',
  iban: 'NL91ABNA0417164300',
  street: 'Keizersgracht',
  house_number: '12a',
  zip: '1015 CJ',
  city: 'Amsterdam',
  phone: '+31612345678',
  ...over,
})
// Checksum-valid IBANs of other accounts, as an attacker would generate them.
const OTHER_IBAN = 'DE89370400440532013000'
const THIRD_IBAN = 'NL02ABNA0123456789'

let keys = 0
const lastCode = () => /\b(\d{6})\b/.exec(texts.at(-1)?.body ?? '')![1]

/** A direct debit purchase up to its collection (credited while pending). */
async function collect(userId: number, bundleId: string, f = form()) {
  const started = await startDirectDebit(userId, f, { bundleId, code: null, key: `risk-${++keys}` })
  if (!started.ok) return started
  const r = await confirmDirectDebit(userId, started.mandateId, lastCode())
  if (!r.ok) return r
  const [p] = await db().select({ providerPaymentId: payments.providerPaymentId }).from(payments).where(eq(payments.id, r.paymentId))
  return { ok: true as const, paymentId: r.paymentId, providerPaymentId: p.providerPaymentId! }
}

async function collected(userId: number, bundleId: string, f = form()) {
  const r = await collect(userId, bundleId, f)
  if (!r.ok) throw new Error(`refused: ${r.reason}`)
  return r
}

async function fail(providerPaymentId: string, outcome: 'collection_failed' | 'chargeback' = 'collection_failed') {
  expect(await decideSandboxPayment(providerPaymentId, outcome, { webhookDelayMs: 60_000 })).not.toBeNull()
  await syncPayment(sandboxProvider, providerPaymentId)
}

const spend = (userId: number, amount: number) =>
  db().transaction((tx) => bookCredits(tx, { userId, delta: -amount, reason: 'spend', key: `spend:${userId}:${++keys}` }))

async function member(userId: number) {
  const [u] = await db().select({ credits: users.credits, paidUser: users.paidUser }).from(users).where(eq(users.id, userId))
  return u
}

describe('a failed collection closes the loop', () => {
  it('blocks direct debit for the member, that IBAN and that phone, and takes Premium away with a notice', async () => {
    const m = await createMember({ country: 'NL' })
    const p = await collected(m.userId, 'm')
    expect(await member(m.userId)).toEqual({ credits: 125, paidUser: true })
    // The credits are spent on messages at once; then the bank refuses the collection.
    await spend(m.userId, 120)
    await fail(p.providerPaymentId)
    expect(await member(m.userId)).toEqual({ credits: 0, paidUser: false })
    expect(await ledgerBalance(m.userId)).toBe(0)

    // The same member with another checksum-valid IBAN and another phone: refused before a code is texted, and the
    // page says so before asking for an IBAN.
    expect(await directDebitOffer(m.userId, 's', null)).toEqual({ ok: false, reason: 'blocked' })
    texts.length = 0
    expect(await collect(m.userId, 's', form({ iban: OTHER_IBAN, phone: '+31612345679' }))).toEqual({ ok: false, reason: 'blocked' })
    // Another account with the IBAN, or with the phone, of the failed collection.
    const other = await createMember({ country: 'NL' })
    expect(await collect(other.userId, 's', form({ phone: '+31612345670' }))).toEqual({ ok: false, reason: 'blocked' })
    expect(await collect(other.userId, 's', form({ iban: OTHER_IBAN }))).toEqual({ ok: false, reason: 'blocked' })
    expect(texts).toHaveLength(0)
    // An unrelated IBAN and phone still work for someone else.
    expect(await collect(other.userId, 's', form({ iban: THIRD_IBAN, phone: '+31612345671' }))).toMatchObject({ ok: true })

    // The blocklist holds hashes only, never the IBAN or the number.
    const blocked = await db()
      .select({ kind: directDebitBlocklist.kind, valueHash: directDebitBlocklist.valueHash, reason: directDebitBlocklist.reason })
      .from(directDebitBlocklist)
    const [mandate] = await db()
      .select({ ibanHash: directDebitMandates.ibanHash, phoneHash: directDebitMandates.phoneHash })
      .from(directDebitMandates)
      .where(eq(directDebitMandates.userId, m.userId))
      .limit(1)
    expect(blocked).toEqual(
      expect.arrayContaining([
        { kind: 'iban', valueHash: mandate.ibanHash, reason: `collection_failed payment:${p.paymentId}` },
        { kind: 'phone', valueHash: mandate.phoneHash, reason: `collection_failed payment:${p.paymentId}` },
      ]),
    )
    expect(JSON.stringify(blocked)).not.toMatch(/4300|612345678/)

    // Premium ended, and the member hears of it in their language.
    const [ended] = await db().select({ payload: domainEvents.payload }).from(domainEvents).where(eq(domainEvents.type, 'premium.ended'))
    expect(ended.payload).toEqual({ userId: m.userId, paymentId: p.paymentId, reason: 'collection_failed' })
    await runner.drain()
    const notice = mails.filter((x) => x.kind === 'premium_ended')
    expect(notice).toHaveLength(1)
    expect(notice[0].to).toBe(m.email)
    expect(notice[0].subject).toMatch(/Premium membership has ended/)
    expect(notice[0].text).toContain(`#${p.paymentId} could not be collected`)
  })

  it('refuses the code of a form sent before the failure: no mandate at the provider, no second collection', async () => {
    const m = await createMember({ country: 'NL' })
    const first = await collected(m.userId, 's')
    const started = await startDirectDebit(m.userId, form({ iban: OTHER_IBAN }), { bundleId: 's', code: null, key: `risk-${++keys}` })
    if (!started.ok) throw new Error(started.reason)
    const code = lastCode()
    await fail(first.providerPaymentId)
    expect(await confirmDirectDebit(m.userId, started.mandateId, code)).toEqual({ ok: false, reason: 'blocked' })
    const [mandate] = await db()
      .select({ status: directDebitMandates.status, providerMandateId: directDebitMandates.providerMandateId })
      .from(directDebitMandates)
      .where(eq(directDebitMandates.id, started.mandateId))
    expect(mandate).toEqual({ status: 'pending_code', providerMandateId: null })
    expect(await db().select({ id: payments.id }).from(payments).where(eq(payments.userId, m.userId))).toHaveLength(1)
  })

  it('refuses a collection through the checkout itself once the member is flagged (a mandate confirmed before)', async () => {
    const m = await createMember({ country: 'NL' })
    const first = await collected(m.userId, 's')
    const [mandate] = await db().select().from(directDebitMandates).where(eq(directDebitMandates.userId, m.userId))
    await fail(first.providerPaymentId)
    const r = await startCheckout({
      userId: m.userId,
      bundleId: 's',
      method: 'sepa_direct_debit',
      idempotencyKey: `risk-${++keys}`,
      locale: 'en',
      mandate: { id: mandate.id, customerId: mandate.providerCustomerId!, mandateId: mandate.providerMandateId! },
    })
    expect(r).toEqual({ ok: false, reason: 'blocked' })
  })

  it('never frees the allowance of a failed collection, even when support resolves the flag and the period is over', async () => {
    const m = await createMember({ country: 'NL' })
    const xl = await collected(m.userId, 'xl')
    await fail(xl.providerPaymentId)
    // Support looked at it and resolved the flag; the IBAN and phone were cleared as well; a month has passed.
    await db().update(memberFlags).set({ resolvedAt: new Date() }).where(eq(memberFlags.userId, m.userId))
    await db().delete(directDebitBlocklist)
    await db()
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 60 * 86400_000) })
      .where(eq(payments.userId, m.userId))
    // 79.99 was never collected: of the 100.00 limit, 20.01 is left, for ever.
    expect(await collect(m.userId, 'l', form({ iban: OTHER_IBAN }))).toEqual({ ok: false, reason: 'direct_debit_limit' })
    expect(await collect(m.userId, 's', form({ iban: OTHER_IBAN }))).toMatchObject({ ok: true })
  })

  it('bounds what pending collections may credit over all time, not only within the period', async () => {
    const m = await createMember({ country: 'NL' })
    await collected(m.userId, 'xl')
    await db()
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 60 * 86400_000) })
      .where(eq(payments.userId, m.userId))
    expect(await collect(m.userId, 'l')).toEqual({ ok: false, reason: 'direct_debit_limit' })
    expect((await member(m.userId)).credits).toBe(700)
  })

  it('keeps Premium while another purchase stands, and ends it with a chargeback that leaves none', async () => {
    const m = await createMember({ country: 'NL' })
    const card = await startCheckout({ userId: m.userId, bundleId: 's', method: 'ideal', idempotencyKey: `risk-${++keys}`, locale: 'en' })
    if (!card.ok) throw new Error(card.reason)
    const [cp] = await db().select({ providerPaymentId: payments.providerPaymentId }).from(payments).where(eq(payments.id, card.paymentId))
    await decideSandboxPayment(cp.providerPaymentId!, 'paid', { webhookDelayMs: 60_000 })
    await syncPayment(sandboxProvider, cp.providerPaymentId!)
    const dd = await collected(m.userId, 's')
    await fail(dd.providerPaymentId)
    expect((await member(m.userId)).paidUser).toBe(true)
    // The one purchase that stood is charged back: no purchase stands, Premium ends.
    await fail(cp.providerPaymentId!, 'chargeback')
    expect(await member(m.userId)).toEqual({ credits: 0, paidUser: false })
    const ended = await db().select({ payload: domainEvents.payload }).from(domainEvents).where(eq(domainEvents.type, 'premium.ended'))
    expect(ended.map((e) => e.payload)).toEqual([{ userId: m.userId, paymentId: card.paymentId, reason: 'chargeback' }])
    const rows = await db().select({ reason: creditLedger.reason }).from(creditLedger).where(eq(creditLedger.userId, m.userId))
    expect(rows.map((r) => r.reason)).toEqual(['purchase', 'purchase', 'collection_failed', 'chargeback'])
  })

  it('shows the flags to support, and whether they closed direct debit', async () => {
    const m = await createMember({ country: 'NL' })
    const p = await collected(m.userId, 's')
    expect((await memberDetail(m.userId))!.directDebitBlocked).toBe(false)
    await fail(p.providerPaymentId)
    const d = (await memberDetail(m.userId))!
    expect(d.directDebitBlocked).toBe(true)
    expect(d.flags).toMatchObject([{ reason: 'collection_failed', reference: `payment:${p.paymentId}`, resolvedAt: null, closesDirectDebit: true }])
  })
})
