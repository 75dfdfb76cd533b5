import crypto from 'node:crypto'
import { and, eq, gte, inArray, or, sql } from 'drizzle-orm'
import { electronicFormatIBAN } from 'ibantools'
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile'
import { db } from '#db/client.server'
import { directDebitBlocklist, directDebitMandates, users } from '#db/schema/index'
import { paymentProvider } from '#app/adapters/payments/index.server'
import { sms } from '#app/adapters/sms/index.server'
import { isLocale, type Locale } from '#app/i18n/locales'
import { serverIntl } from '#app/i18n/translate.server'
import { errorText } from '#app/lib/error-text'
import { logger } from '#app/lib/logger.server'
import { currentKey, legacyKeys, readableKeys } from '#app/lib/keys.server'
import { getSettings } from '#app/features/settings/settings.server'
import { limitRefusal, priceCheckout, startCheckout, type CheckoutRefusal } from './checkout.server'
import type { DirectDebitForm } from './direct-debit.schema'
import { findBundle } from './bundles.server'
import { isDirectDebitAvailable } from './direct-debit-availability.server'
import { isDirectDebitBlocked } from './direct-debit-risk.server'
import { memberBilling } from './member-billing.server'

/** How long an SMS code is valid. */
export const CODE_TTL_MINUTES = 10
/** A new code may be asked for this long after the last one. */
export const RESEND_AFTER_SECONDS = 30
/** Codes per mandate (the first and the resends) and per member a day: an SMS costs money and can be abused. */
export const MAX_CODES_PER_MANDATE = 3
export const MAX_CODES_PER_DAY = 10

export type DirectDebitRefusal =
  | CheckoutRefusal
  | { reason: 'blocked' | 'too_many_codes' | 'code_expired' | 'too_many_attempts' | 'not_found' }
  | { reason: 'code_invalid'; attemptsLeft: number }
  | { reason: 'resend_too_soon'; seconds: number }

export type Refused = { ok: false } & DirectDebitRefusal

/** What the member was buying when they filled in the form (the query of /directdebit and the form's key). */
export interface PendingCheckout {
  bundleId: string
  code: string | null
  /** The form's idempotency key: the same form sent twice makes one mandate and, later, one payment. */
  key: string
}

// --- Hashes: the blocklist and the mandate hold only keyed hashes of an IBAN or a phone number, and of a code.
// The key is the 'direct-debit' key derived from SESSION_SECRET (app/lib/keys.server.ts), so a copy of the database
// alone cannot tell which numbers are on the blocklist. New hashes are made under the current key; lookups match
// the hashes under the current key, the previous secret's (SESSION_SECRET_PREVIOUS) and those made before keys per
// purpose (key id 0: a key computed from the raw secret), so a rotation keeps the blocklist working; a blocklist
// entry found under an older key is stored again under the current one (`rehashBlocklistEntries`).

const legacyHashKey = (rawSecret: string) => crypto.createHmac('sha256', rawSecret).update('direct-debit:v1').digest()
const hashUnder = (key: Buffer, value: string) => crypto.createHmac('sha256', key).update(value).digest('hex')
const keyedHash = (value: string) => hashUnder(currentKey('direct-debit').key, value)
/** The hashes a value may be stored under: the current key's first. */
const keyedHashes = (value: string) => [
  ...new Set([...readableKeys('direct-debit').map((k) => k.key), ...legacyKeys(legacyHashKey)].map((key) => hashUnder(key, value))),
]

/** The one spelling of a value that is hashed: an IBAN in electronic form, a phone number in E.164. */
export function normalise(kind: 'iban' | 'phone', value: string): string | null {
  if (kind === 'iban') return electronicFormatIBAN(value) || null
  const parsed = parsePhoneNumberFromString(value)
  return parsed?.isValid() ? parsed.number : null
}

/** The hash a value is stored under now. */
export const valueHash = (kind: 'iban' | 'phone', normalised: string) => keyedHash(`${kind}:${normalised}`)
/** Every hash a stored value may have been made with (current, previous secret, key id 0): for lookups. */
export const valueHashes = (kind: 'iban' | 'phone', normalised: string) => keyedHashes(`${kind}:${normalised}`)
const codeHash = (mandateId: number, code: string) => keyedHash(`code:${mandateId}:${code}`)

function codeMatches(mandateId: number, code: string, stored: string): boolean {
  const b = Buffer.from(stored, 'hex')
  return keyedHashes(`code:${mandateId}:${code}`).some((h) => {
    const a = Buffer.from(h, 'hex')
    return a.length === b.length && crypto.timingSafeEqual(a, b)
  })
}

const newCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')

/** Puts an IBAN or a phone number on the direct debit blocklist (operators; a value given in any spelling). */
export async function blockForDirectDebit(kind: 'iban' | 'phone', value: string, reason?: string): Promise<boolean> {
  const n = normalise(kind, value)
  if (!n) return false
  await db()
    .insert(directDebitBlocklist)
    .values({ kind, valueHash: valueHash(kind, n), reason: reason ?? null })
    .onConflictDoNothing()
  return true
}

/** Whether the IBAN or the phone number (normalised) is on the blocklist, under any key that may have hashed it. */
async function isBlocked(iban: string, phone: string): Promise<boolean> {
  const ibanHashes = valueHashes('iban', iban)
  const phoneHashes = valueHashes('phone', phone)
  const rows = await db()
    .select({ id: directDebitBlocklist.id, kind: directDebitBlocklist.kind, valueHash: directDebitBlocklist.valueHash })
    .from(directDebitBlocklist)
    .where(
      or(
        and(eq(directDebitBlocklist.kind, 'iban'), inArray(directDebitBlocklist.valueHash, ibanHashes)),
        and(eq(directDebitBlocklist.kind, 'phone'), inArray(directDebitBlocklist.valueHash, phoneHashes)),
      ),
    )
  await rehashBlocklistEntries(rows, { iban: ibanHashes[0], phone: phoneHashes[0] })
  return rows.length > 0
}

/**
 * Stores blocklist entries found under an older key again under the current one (the value is known only now, when
 * someone enters it), so they outlive the previous secret. An entry already there under the current key makes the
 * old one redundant.
 */
async function rehashBlocklistEntries(
  found: { id: number; kind: 'iban' | 'phone'; valueHash: string }[],
  current: Record<'iban' | 'phone', string>,
): Promise<void> {
  for (const row of found.filter((r) => r.valueHash !== current[r.kind])) {
    await db().transaction(async (tx) => {
      const [moved] = await tx
        .insert(directDebitBlocklist)
        .values({ kind: row.kind, valueHash: current[row.kind] })
        .onConflictDoNothing()
        .returning({ id: directDebitBlocklist.id })
      if (moved)
        await tx.execute(
          sql`update ${directDebitBlocklist} set reason = old.reason, created_at = old.created_at from ${directDebitBlocklist} old where ${directDebitBlocklist.id} = ${moved.id} and old.id = ${row.id}`,
        )
      await tx.delete(directDebitBlocklist).where(eq(directDebitBlocklist.id, row.id))
    })
  }
}

async function memberLocale(userId: number): Promise<Locale> {
  const [u] = await db().select({ language: users.language }).from(users).where(eq(users.id, userId))
  return isLocale(u?.language) ? u.language : 'en'
}

/** Texts the code to the phone in the member's language. False when the SMS provider failed (the member may resend). */
async function sendCode(userId: number, phone: string, code: string): Promise<boolean> {
  const [locale, settings] = await Promise.all([memberLocale(userId), getSettings()])
  const body = serverIntl(locale).formatMessage({ id: 'directdebit.sms' }, { code, site: settings.name, minutes: CODE_TTL_MINUTES })
  try {
    await sms().send({ to: phone, body })
    return true
  } catch (e) {
    logger.warn({ userId, err: errorText(e) }, 'direct debit code could not be texted')
    return false
  }
}

/** Codes texted to a member in the last 24 hours. */
async function codesSentToday(userId: number): Promise<number> {
  const [r] = await db()
    .select({ n: sql<number>`coalesce(sum(${directDebitMandates.codesSent}), 0)::int` })
    .from(directDebitMandates)
    .where(and(eq(directDebitMandates.userId, userId), gte(directDebitMandates.createdAt, new Date(Date.now() - 86400_000))))
  return r.n
}

/** What /directdebit?bundle=…&code=… would collect: the checkout's own price, or why it cannot be paid so. */
export async function directDebitOffer(
  userId: number,
  bundleId: string,
  code: string | null,
): Promise<{ ok: true; credits: number; totalMinor: number; currency: string } | Refused> {
  const settings = await getSettings()
  const member = await memberBilling(userId, db(), settings)
  if (!member) return { ok: false, reason: 'not_found' }
  const priced = await priceCheckout(member, bundleId, 'sepa_direct_debit', code, settings)
  if (!priced.ok) return priced
  // A member whose collection failed or was charged back is told so before typing an IBAN.
  if (await isDirectDebitBlocked(db(), { userId })) return { ok: false, reason: 'blocked' }
  return { ok: true, credits: findBundle(settings, member.country, bundleId)!.credits, totalMinor: priced.quote.totalMinor, currency: priced.quote.currency }
}

/**
 * Step 1 of /directdebit: checks the form's IBAN and phone against the blocklist and the purchase against the
 * limits (the checkout's own price and limit rules), keeps a pending mandate and texts a 6-digit code to the
 * phone. The IBAN waits in iban_pending until the code is confirmed; only the code's hash is kept. The same form
 * (its key) sent again finds its mandate and texts nothing more.
 */
export async function startDirectDebit(
  userId: number,
  form: DirectDebitForm,
  checkout: PendingCheckout,
): Promise<{ ok: true; mandateId: number; smsSent: boolean } | Refused> {
  if (!isDirectDebitAvailable()) return { ok: false, reason: 'direct_debit_off' }
  const [found] = await mandateForKey(userId, checkout.key)
  if (found) return found.status === 'revoked' ? { ok: false, reason: 'too_many_attempts' } : { ok: true, mandateId: found.id, smsSent: true }

  const iban = normalise('iban', form.iban)
  const phone = normalise('phone', form.phone)
  if (!iban || !phone) throw new Error('startDirectDebit needs a form parsed by directDebitSchema')
  const ibanHash = valueHash('iban', iban)
  const phoneHash = valueHash('phone', phone)
  // A member whose collection failed or was charged back, and that collection's IBAN and phone, are refused (the
  // blocklist is looked up under every key that may have hashed them).
  if ((await isDirectDebitBlocked(db(), { userId })) || (await isBlocked(iban, phone))) return { ok: false, reason: 'blocked' }

  const settings = await getSettings()
  const member = await memberBilling(userId, db(), settings)
  if (!member) return { ok: false, reason: 'not_found' }
  const priced = await priceCheckout(member, checkout.bundleId, 'sepa_direct_debit', checkout.code, settings)
  if (!priced.ok) return priced
  const overLimit = await limitRefusal(db(), userId, priced.quote, settings, true)
  if (overLimit) return { ok: false, ...overLimit }
  if ((await codesSentToday(userId)) >= MAX_CODES_PER_DAY) return { ok: false, reason: 'too_many_codes' }

  const code = newCode()
  const created = await db().transaction(async (tx) => {
    // One form at a time per member: a double submit finds the mandate the first one made.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    const [again] = await mandateForKey(userId, checkout.key, tx)
    if (again) return { id: again.id, fresh: false }
    // An older form that was never confirmed is dropped with its IBAN: one pending mandate per member.
    await tx
      .update(directDebitMandates)
      .set({ status: 'revoked', ibanPending: null, codeHash: null, codeExpiresAt: null })
      .where(and(eq(directDebitMandates.userId, userId), eq(directDebitMandates.status, 'pending_code')))
    const [m] = await tx
      .insert(directDebitMandates)
      .values({
        userId,
        accountHolder: form.account_holder,
        ibanPending: iban,
        ibanLast4: iban.slice(-4),
        ibanHash,
        street: form.street,
        houseNumber: form.house_number,
        zip: form.zip,
        city: form.city,
        phone,
        phoneHash,
        codeExpiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
        codesSent: 1,
        pendingCheckout: { bundleId: checkout.bundleId, code: checkout.code?.trim() || null, key: checkout.key },
      })
      .returning({ id: directDebitMandates.id })
    await tx
      .update(directDebitMandates)
      .set({ codeHash: codeHash(m.id, code) })
      .where(eq(directDebitMandates.id, m.id))
    return { id: m.id, fresh: true }
  })
  if (!created.fresh) return { ok: true, mandateId: created.id, smsSent: true }
  return { ok: true, mandateId: created.id, smsSent: await sendCode(userId, phone, code) }
}

function mandateForKey(userId: number, key: string, q = db()) {
  return q
    .select({ id: directDebitMandates.id, status: directDebitMandates.status })
    .from(directDebitMandates)
    .where(and(eq(directDebitMandates.userId, userId), sql`${directDebitMandates.pendingCheckout}->>'key' = ${key}`))
    .limit(1)
}

/** A member's mandate as the code step shows it (never the IBAN or the phone number in full). */
export async function getPendingMandate(
  userId: number,
  mandateId: number,
): Promise<{ id: number; status: 'pending_code' | 'active' | 'revoked'; phoneEnd: string; ibanLast4: string } | null> {
  const [m] = await db()
    .select({ id: directDebitMandates.id, status: directDebitMandates.status, phone: directDebitMandates.phone, ibanLast4: directDebitMandates.ibanLast4 })
    .from(directDebitMandates)
    .where(and(eq(directDebitMandates.id, mandateId), eq(directDebitMandates.userId, userId)))
  return m ? { id: m.id, status: m.status, phoneEnd: m.phone.slice(-3), ibanLast4: m.ibanLast4 } : null
}

/** Texts a new code for a pending mandate: not before RESEND_AFTER_SECONDS, at most MAX_CODES_PER_MANDATE in all. */
export async function resendDirectDebitCode(userId: number, mandateId: number): Promise<{ ok: true; smsSent: boolean } | Refused> {
  if (!isDirectDebitAvailable()) return { ok: false, reason: 'direct_debit_off' }
  if ((await codesSentToday(userId)) >= MAX_CODES_PER_DAY) return { ok: false, reason: 'too_many_codes' }
  const code = newCode()
  const r = await db().transaction(async (tx): Promise<{ phone: string } | Refused> => {
    const [m] = await tx
      .select({
        status: directDebitMandates.status,
        phone: directDebitMandates.phone,
        codesSent: directDebitMandates.codesSent,
        codeExpiresAt: directDebitMandates.codeExpiresAt,
      })
      .from(directDebitMandates)
      .where(and(eq(directDebitMandates.id, mandateId), eq(directDebitMandates.userId, userId)))
      .for('update')
    if (!m || m.status === 'active') return { ok: false, reason: 'not_found' }
    if (m.status === 'revoked') return { ok: false, reason: 'too_many_attempts' }
    if (m.codesSent >= MAX_CODES_PER_MANDATE) return { ok: false, reason: 'too_many_codes' }
    // The last code was sent CODE_TTL before it expires.
    const sentAt = (m.codeExpiresAt?.getTime() ?? 0) - CODE_TTL_MINUTES * 60_000
    const wait = Math.ceil((sentAt + RESEND_AFTER_SECONDS * 1000 - Date.now()) / 1000)
    if (wait > 0) return { ok: false, reason: 'resend_too_soon', seconds: wait }
    // Tries are not given back: they count per mandate, whatever number of codes it had.
    await tx
      .update(directDebitMandates)
      .set({ codeHash: codeHash(mandateId, code), codeExpiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000), codesSent: m.codesSent + 1 })
      .where(eq(directDebitMandates.id, mandateId))
    return { phone: m.phone }
  })
  if ('ok' in r) return r
  return { ok: true, smsSent: await sendCode(userId, r.phone, code) }
}

/**
 * Step 2 of /directdebit: checks the SMS code. A wrong one costs a try; after direct_debit_code_attempts tries the
 * mandate is revoked (its IBAN forgotten) and the form must be filled in again. The right one creates the mandate
 * at the payment provider, forgets the IBAN, activates the mandate and starts the collection through the
 * checkout, which books the credits while the collection is pending (payment-sync.server.ts). Safe to repeat: the
 * provider's mandate and the payment both have idempotency keys, and a confirmed mandate needs no code again.
 */
export async function confirmDirectDebit(
  userId: number,
  mandateId: number,
  code: string,
): Promise<{ ok: true; paymentId: number; redirectTo: string } | Refused> {
  if (!isDirectDebitAvailable()) return { ok: false, reason: 'direct_debit_off' }
  const settings = await getSettings()
  const checked = await db().transaction(async (tx) => {
    const [m] = await tx
      .select()
      .from(directDebitMandates)
      .where(and(eq(directDebitMandates.id, mandateId), eq(directDebitMandates.userId, userId)))
      .for('update')
    if (!m || !m.pendingCheckout) return { ok: false as const, reason: 'not_found' as const }
    if (m.status === 'revoked' || (m.status === 'pending_code' && !m.ibanPending)) return { ok: false as const, reason: 'too_many_attempts' as const }
    if (m.status === 'active') return { ok: true as const, mandate: m }
    if (!m.codeHash || !m.codeExpiresAt || m.codeExpiresAt.getTime() < Date.now()) return { ok: false as const, reason: 'code_expired' as const }
    if (codeMatches(m.id, code, m.codeHash)) return { ok: true as const, mandate: m }
    const attempts = m.codeAttempts + 1
    if (attempts >= settings.direct_debit_code_attempts) {
      await tx
        .update(directDebitMandates)
        .set({ codeAttempts: attempts, status: 'revoked', ibanPending: null, codeHash: null, codeExpiresAt: null })
        .where(eq(directDebitMandates.id, m.id))
      return { ok: false as const, reason: 'too_many_attempts' as const }
    }
    await tx.update(directDebitMandates).set({ codeAttempts: attempts }).where(eq(directDebitMandates.id, m.id))
    return { ok: false as const, reason: 'code_invalid' as const, attemptsLeft: settings.direct_debit_code_attempts - attempts }
  })
  if (!checked.ok) return checked
  const m = checked.mandate
  // Something failed or was charged back since the form was sent: no mandate at the provider, no collection.
  if (await isDirectDebitBlocked(db(), { userId, ibanHash: m.ibanHash, phoneHash: m.phoneHash })) return { ok: false, reason: 'blocked' }

  const provider = await paymentProvider()
  let customerId = m.providerCustomerId
  let providerMandateId = m.providerMandateId
  if (m.status === 'pending_code') {
    const [u] = await db().select({ email: users.email }).from(users).where(eq(users.id, userId))
    try {
      // Keyed by our mandate: a retry after a lost answer gets the same mandate, never a second one.
      const created = await provider.createMandate({
        reference: `mandate:${m.id}`,
        accountHolder: m.accountHolder,
        iban: m.ibanPending!,
        email: u?.email,
        idempotencyKey: `mandate-${m.id}`,
      })
      customerId = created.customerId
      providerMandateId = created.mandateId
    } catch (e) {
      logger.warn({ mandateId: m.id, err: errorText(e) }, 'payment provider refused the mandate')
      return { ok: false, reason: 'provider_error' }
    }
    await db()
      .update(directDebitMandates)
      .set({
        status: 'active',
        provider: provider.name,
        providerCustomerId: customerId,
        providerMandateId,
        ibanPending: null,
        codeHash: null,
        codeExpiresAt: null,
        confirmedAt: new Date(),
      })
      .where(and(eq(directDebitMandates.id, m.id), eq(directDebitMandates.status, 'pending_code')))
  }
  if (!customerId || !providerMandateId) return { ok: false, reason: 'not_found' }

  const r = await startCheckout({
    userId,
    bundleId: m.pendingCheckout!.bundleId,
    method: 'sepa_direct_debit',
    code: m.pendingCheckout!.code,
    idempotencyKey: m.pendingCheckout!.key,
    locale: await memberLocale(userId),
    mandate: { id: m.id, customerId, mandateId: providerMandateId },
  })
  return r.ok ? { ok: true, paymentId: r.paymentId, redirectTo: r.redirectTo } : r
}
