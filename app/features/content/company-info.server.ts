import { asc, sql } from 'drizzle-orm'
import { db } from '#db/client.server'
import { companyInfo } from '#db/schema/index'
import { getSettings } from '#app/features/settings/settings.server'

export interface CompanyInfo {
  name: string
  address: string
  registration_number: string
  city: string
  country: string
  tradenames: string[]
  vat_numbers: string[]
  support_phone: string
  delete_discount: number
  added: string
}

export const defaultCompanyInfo = {
  name: 'Amoura Media B.V.',
  address: 'Keizersgracht 1',
  registrationNumber: '00000000',
  city: 'Amsterdam',
  country: 'Netherlands',
  tradenames: ['Amoura'],
  vatNumbers: ['NL000000000B01'],
  supportPhone: '+31 20 000 0000',
  deleteDiscount: 50,
}

/**
 * The company the site shows (imprint, e-mails, /api/companyinfo.php): the row the setting `company_id` names (spec
 * section 3), else the first. The support phone is the setting
 * `support_phone` where the operator set one, else the company's own (issue 28).
 */
export async function getCompanyInfo(): Promise<CompanyInfo> {
  const settings = await getSettings()
  // The setting company_id chooses the company row (several companies, one per site); without that row, the first.
  const rows = await db()
    .select()
    .from(companyInfo)
    .orderBy(sql`${companyInfo.id} = ${settings.company_id} desc`, asc(companyInfo.id))
    .limit(1)
  const row = rows[0]
  const r = row ?? { ...defaultCompanyInfo, added: new Date('2023-12-01T12:00:00Z') }
  return {
    name: r.name,
    address: r.address,
    registration_number: r.registrationNumber,
    city: r.city,
    country: r.country,
    tradenames: r.tradenames,
    vat_numbers: r.vatNumbers,
    // Spec section 9: the support phone is cleaned of dashes and spaces.
    support_phone: (settings.support_phone || r.supportPhone).replace(/[-\s]/g, ''),
    delete_discount: r.deleteDiscount,
    added: r.added.toISOString(),
  }
}

export async function ensureCompanyInfo(): Promise<void> {
  await db()
    .insert(companyInfo)
    .values({ id: 1, ...defaultCompanyInfo })
    .onConflictDoNothing()
}
