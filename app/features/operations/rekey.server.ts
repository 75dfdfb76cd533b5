import { eq, isNotNull } from 'drizzle-orm'
import { db } from '#db/client.server'
import { directDebitMandates, operators, users } from '#db/schema/index'
import { needsReencryption, reencryptSecret } from '#app/features/authentication/totp.server'
import { normalise, valueHash } from '#app/features/billing/direct-debit.server'

export interface RekeyReport {
  /** Operators' and members' TOTP secrets now encrypted under the current key. */
  totpReencrypted: number
  /** TOTP secrets no key at hand opens (made under a secret older than SESSION_SECRET_PREVIOUS): left as they are. */
  totpUnreadable: number
  /** Mandates whose phone hash (the phone number is kept) was made again under the current key. */
  mandatePhonesRehashed: number
}

/**
 * After a rotation of SESSION_SECRET (`npm run keys:rekey`, docs/operations.md): stores again under the current key
 * what can be read back, so that SESSION_SECRET_PREVIOUS is needed for less. Sessions, signed links and the hashes
 * of values no longer kept (blocklist entries, IBANs) cannot be: they stay readable through SESSION_SECRET_PREVIOUS.
 * Safe to run again: what is under the current key is left alone.
 */
export async function rekeyStoredSecrets(): Promise<RekeyReport> {
  const report: RekeyReport = { totpReencrypted: 0, totpUnreadable: 0, mandatePhonesRehashed: 0 }
  const operatorSecrets = await db().select({ id: operators.id, secret: operators.totpSecret }).from(operators).where(isNotNull(operators.totpSecret))
  for (const o of operatorSecrets) await rekeyTotp(o.secret, report, (fresh) => db().update(operators).set({ totpSecret: fresh }).where(eq(operators.id, o.id)))
  const memberSecrets = await db().select({ id: users.id, secret: users.totpSecret }).from(users).where(isNotNull(users.totpSecret))
  for (const m of memberSecrets) await rekeyTotp(m.secret, report, (fresh) => db().update(users).set({ totpSecret: fresh }).where(eq(users.id, m.id)))
  const mandates = await db()
    .select({ id: directDebitMandates.id, phone: directDebitMandates.phone, phoneHash: directDebitMandates.phoneHash })
    .from(directDebitMandates)
  for (const m of mandates) {
    const phone = normalise('phone', m.phone)
    if (!phone || valueHash('phone', phone) === m.phoneHash) continue
    await db()
      .update(directDebitMandates)
      .set({ phoneHash: valueHash('phone', phone) })
      .where(eq(directDebitMandates.id, m.id))
    report.mandatePhonesRehashed++
  }
  return report
}

async function rekeyTotp(secret: string | null, report: RekeyReport, store: (fresh: string) => Promise<unknown>): Promise<void> {
  if (!secret || !needsReencryption(secret)) return
  let fresh: string
  try {
    fresh = reencryptSecret(secret)
  } catch {
    report.totpUnreadable++
    return
  }
  await store(fresh)
  report.totpReencrypted++
}
