import { db } from '#db/client.server'
import { companyInfo } from '#db/schema/index'

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

export async function getCompanyInfo(): Promise<CompanyInfo> {
  const [row] = await db().select().from(companyInfo).limit(1)
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
    support_phone: r.supportPhone.replace(/[-\s]/g, ''),
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
