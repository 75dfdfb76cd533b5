import { FormattedMessage } from 'react-intl'
import { Form, redirect } from 'react-router'
import { safeRedirect } from '#app/features/accounts/accounts.schema'
import { submitAccountLanguage } from '#app/features/authentication/viewer.server'
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, localeNames, locales } from '#app/i18n/locales'
import { pageTitle } from '#app/i18n/meta'
import { setCookieHeader } from '#app/lib/http.server'
import { useRootData } from '#app/layouts/use-root-data'
import type { Route } from './+types/lang-config'
import { readFormData } from '#app/lib/form-data.server'
import { TooOftenAlert } from '#app/features/safety/components/too-often-alert'
import { isTooOften } from '#app/features/settings/write-limits.server'
import { tooOftenReply } from './write-limit.server'

/** Sets the language: the i18n_redirected cookie for 365 days and, when logged in, the account's language. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request)
  const language = form.get('language')
  // Thrown, not returned: the page renders what the action returns as a rate refusal (a 500 found by npm run scan).
  if (!isLocale(language)) throw new Response('Unsupported language', { status: 400 })
  if (context.viewer) {
    const r = await submitAccountLanguage(context.viewer.userId, language)
    if (isTooOften(r)) return tooOftenReply(r.retryAfter)
  }
  throw redirect(safeRedirect(form.get('redirectTo'), '/'), {
    headers: { 'Set-Cookie': setCookieHeader(LOCALE_COOKIE, language, LOCALE_COOKIE_MAX_AGE, false) },
  })
}

export default function LangConfig({ actionData }: Route.ComponentProps) {
  const root = useRootData()
  return (
    <div className="row justify-content-center">
      <div className="col-md-6">
        <h1 className="h3 mb-4">
          <FormattedMessage id="lang.title" />
        </h1>
        {actionData ? <TooOftenAlert refusal={actionData.tooOften} /> : null}
        <Form method="post" reloadDocument className="list-group">
          <input type="hidden" name="redirectTo" value={root.viewer ? '/members' : '/'} />
          {locales.map((l) => (
            <button
              key={l}
              type="submit"
              name="language"
              value={l}
              lang={l}
              className={`list-group-item list-group-item-action${l === root.locale ? ' active' : ''}`}
              aria-current={l === root.locale ? 'true' : undefined}
            >
              {localeNames[l]}
            </button>
          ))}
        </Form>
      </div>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'lang.title')]
}
