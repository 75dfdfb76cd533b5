import type { AppLoadContext } from 'react-router'
import { localeAndMessages } from '#app/features/settings/request-locale.server'
import type { Messages } from '#app/i18n/catalogs.server'
import type { Locale } from '#app/i18n/locales'

/** The locale of a request (spec section 4) and the one catalog the page needs: the request's parts, to the feature. */
export function requestLocale(request: Request, context: Pick<AppLoadContext, 'viewer'>): Promise<{ locale: Locale; messages: Messages }> {
  return localeAndMessages({ cookie: request.headers.get('cookie'), host: request.headers.get('host'), accountLanguage: context.viewer?.language })
}
