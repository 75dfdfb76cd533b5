import { parseCookies } from '#app/lib/cookies'
import { getSettings } from '#app/features/settings/settings.server'
import { selectedCountry } from '#app/features/visitors/visitor.server'
import type { Locale } from '#app/i18n/locales'
import { nicheOf } from '#app/features/niche/niche'
import { hasTrafficSource, parseTrackingCookie, TRACKING_COOKIE, type Tracking } from './tracking'

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
export async function signupOptions(opts: { locale: Locale; tracking: Tracking | null; country: string | null }): Promise<SignupOptions> {
  const s = await getSettings()
  const { seeking } = nicheOf(s.niche)
  return {
    open: signupAllowed(s.signups, opts.tracking),
    minAge: s.minimum_age,
    countries: s.countries,
    defaultCountry: selectedCountry(opts.country, opts.locale, s.countries) ?? 'GB',
    defaultGender: seeking.gender,
    defaultLookingFor: seeking.lookingFor,
  }
}
