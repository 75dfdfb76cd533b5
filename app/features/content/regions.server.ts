import { NL, GB, IE, US, CA, AU, NZ, BE, DE, AT, CH, FR, IT, ES, PL, DK, FI, NO, SE } from 'country-region-data'

type CountryData = [string, string, [string, string][]]
const all: Record<string, CountryData> = { NL, GB, IE, US, CA, AU, NZ, BE, DE, AT, CH, FR, IT, ES, PL, DK, FI, NO, SE } as unknown as Record<
  string,
  CountryData
>

export interface Region {
  name: string
  code: string
}

/** Regions of the countries the site serves (country-region-data, offline). */
export function regionsByCountry(countries: string[]): Record<string, Region[]> {
  const out: Record<string, Region[]> = {}
  for (const c of countries) {
    const d = all[c]
    if (d) out[c] = d[2].map(([name, code]) => ({ name, code }))
  }
  return out
}
