import type { AppLoadContext } from 'react-router'
import { signupOptions, trackingFromCookies, type SignupOptions } from '#app/features/accounts/signup-options.server'
import { getSettings } from '#app/features/settings/settings.server'
import { visitorCountry } from '#app/features/visitors/visitor.server'
import type { Locale } from '#app/i18n/locales'
import { requestLocale } from './request-locale.server'

/** The signup options of a request: its language, tracking cookie and the visitor's country (when the caller knows them already, passed in). */
export async function signupOptionsFor(
  request: Request,
  context: AppLoadContext,
  known: { locale?: Locale; country?: string | null } = {},
): Promise<SignupOptions> {
  const [settings, lang] = await Promise.all([getSettings(), known.locale ?? requestLocale(request, context).then((r) => r.locale)])
  const country = known.country !== undefined ? known.country : visitorCountry(context, settings)
  return signupOptions({ locale: lang, tracking: trackingFromCookies(request.headers.get('cookie')), country })
}
