import type { AppLoadContext } from 'react-router'
import { parseCookies } from '#app/lib/cookies'
import { requestLocale } from '#app/features/settings/request-locale.server'
import { getSettings } from '#app/features/settings/settings.server'
import { hasTrafficSource, parseTrackingCookie, TRACKING_COOKIE, type Tracking } from './tracking'

const localeCountry: Record<string, string> = { en: 'GB', nl: 'NL', de: 'DE', it: 'IT', fr: 'FR', es: 'ES', pl: 'PL', da: 'DK', fi: 'FI', nb: 'NO', sv: 'SE' }

export interface SignupOptions {
  open: boolean
  minAge: number
  countries: string[]
  defaultCountry: string
}

export function trackingOf(request: Request): Tracking | null {
  return parseTrackingCookie(parseCookies(request.headers.get('cookie'))[TRACKING_COOKIE])
}

/** Spec section 5: signup is open for 'all', or 'with_trafficsource' when a tracking source is present. */
export function signupAllowed(signups: string, tracking: Tracking | null): boolean {
  return signups === 'all' || (signups === 'with_trafficsource' && hasTrafficSource(tracking))
}

/** What every signup form needs (page, signup-with-matches page, modal). */
export async function signupOptions(request: Request, context: AppLoadContext): Promise<SignupOptions> {
  const [s, { locale }] = await Promise.all([getSettings(), requestLocale(request, context)])
  const byLocale = localeCountry[locale]
  return {
    open: signupAllowed(s.signups, trackingOf(request)),
    minAge: s.minimum_age,
    countries: s.countries,
    defaultCountry: s.geoip_country && s.countries.includes(s.geoip_country) ? s.geoip_country : s.countries.includes(byLocale) ? byLocale : s.countries[0],
  }
}
