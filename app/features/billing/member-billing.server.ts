import { eq } from 'drizzle-orm'
import { db, type DbOrTx } from '#db/client.server'
import { profiles, users } from '#db/schema/index'
import { getSettings } from '#app/features/settings/settings.server'
import type { Settings } from '#app/features/settings/defaults'

export interface MemberBilling {
  userId: number
  paidUser: boolean
  credits: number
  signupDate: Date
  /** Where the member pays: their profile's country when it is served, else the first served one. */
  country: string
  currency: string
  vatPercent: number
}

/** The country a price list applies to (a profile in an unserved country pays as in the first served one). */
export function billingCountry(settings: Settings, country: string | null | undefined): { country: string; currency: string; vatPercent: number } {
  const known = country ? settings.billing_countries[country] : undefined
  const code = known && settings.bundle_prices[country!] ? country! : Object.keys(settings.bundle_prices)[0]
  const info = settings.billing_countries[code] ?? { currency: settings.bundle_prices[code].currency, vat: 0 }
  return { country: code, currency: settings.bundle_prices[code].currency, vatPercent: info.vat }
}

export async function memberBilling(userId: number, q: DbOrTx = db(), settings?: Settings): Promise<MemberBilling | null> {
  const s = settings ?? (await getSettings())
  const [r] = await q
    .select({ paidUser: users.paidUser, credits: users.credits, signupDate: users.signupDate, country: profiles.country })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
  if (!r) return null
  return { userId, paidUser: r.paidUser, credits: r.credits, signupDate: r.signupDate, ...billingCountry(s, r.country) }
}

/** The same, from what every loader already knows of the viewer (no query). */
export function billingOfViewer(
  v: { userId: number; paidUser: boolean; credits: number; signupDate: string | Date; country: string },
  settings: Settings,
): MemberBilling {
  return { userId: v.userId, paidUser: v.paidUser, credits: v.credits, signupDate: new Date(v.signupDate), ...billingCountry(settings, v.country) }
}
