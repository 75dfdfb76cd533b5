import { parseCookies } from '#app/lib/cookies'
import { getSettings } from '#app/features/settings/settings.server'
import { nicheOf } from '#app/features/niche/niche'
import { hasTrafficSource, parseTrackingCookie, TRACKING_COOKIE, type Tracking } from './tracking'

const localeCountry: Record<string, string> = { en: 'GB', nl: 'NL', de: 'DE', it: 'IT', fr: 'FR', es: 'ES', pl: 'PL', da: 'DK', fi: 'FI', nb: 'NO', sv: 'SE' }

export interface SignupOptions {
  open: boolean
  minAge: number
  countries: string[]
  defaultCountry: string
  /** The form's first choices: the niche's (gay: a man seeking men; she: a woman seeking women). */
  defaultGender: 'male' | 'female'
  defaultLookingFor: 'male' | 'female'
}

/** The tracking data stored on the first visit (spec section 4), from a request's Cookie header. */
export function trackingFromCookies(cookieHeader: string | null): Tracking | null {
  return parseTrackingCookie(parseCookies(cookieHeader)[TRACKING_COOKIE])
}

/** Spec section 5: signup is open for 'all', or 'with_trafficsource' when a tracking source is present. */
export function signupAllowed(signups: string, tracking: Tracking | null): boolean {
  return signups === 'all' || (signups === 'with_trafficsource' && hasTrafficSource(tracking))
}

/** What every signup form needs (page, signup-with-matches page, modal). */
export async function signupOptions(opts: { locale: string; tracking: Tracking | null }): Promise<SignupOptions> {
  const s = await getSettings()
  const byLocale = localeCountry[opts.locale]
  const { seeking } = nicheOf(s.niche)
  return {
    open: signupAllowed(s.signups, opts.tracking),
    minAge: s.minimum_age,
    countries: s.countries,
    defaultCountry: s.geoip_country && s.countries.includes(s.geoip_country) ? s.geoip_country : s.countries.includes(byLocale) ? byLocale : s.countries[0],
    defaultGender: seeking.gender,
    defaultLookingFor: seeking.lookingFor,
  }
}
