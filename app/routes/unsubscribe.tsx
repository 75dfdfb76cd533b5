import { FormattedMessage, useIntl } from 'react-intl'
import { Form, Link, useNavigation } from 'react-router'
import { emailTypes, type EmailType } from '#app/features/notifications/preferences'
import { readUnsubscribeToken, unsubscribeByToken } from '#app/features/notifications/unsubscribe.server'
import { pageTitle } from '#app/i18n/meta'
import { readFormData } from '#app/lib/form-data.server'
import { useRootData } from '#app/layouts/use-root-data'
import { ResultPanel } from '#app/ui/result-panel'
import type { Route } from './+types/unsubscribe'

// GET shows what the link would stop and asks (mail scanners open links: a GET must change nothing); the POST of
// that form, or a mail app's one-click POST (RFC 8058: body List-Unsubscribe=One-Click), unsubscribes. No login.
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  const v = readUnsubscribeToken(token)
  return { token: v ? token : null, type: v?.type ?? null }
}

export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url)
  const form = await readFormData(request)
  const token = url.searchParams.get('token') ?? String(form.get('token') ?? '')
  const type = await unsubscribeByToken(token)
  return { done: type }
}

function TypeName({ type }: { type: EmailType }) {
  const intl = useIntl()
  const root = useRootData()
  return <strong>{intl.formatMessage({ id: `notify.type.${type}` }, { site: root.site.name })}</strong>
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  const settingsLink = (
    <Link to="/notifications" className="btn btn-outline-dark">
      <FormattedMessage id="unsubscribe.settings" />
    </Link>
  )
  if (actionData?.done) {
    return (
      <ResultPanel tone="success" title={<FormattedMessage id="unsubscribe.title" />} action={settingsLink}>
        <p role="status">
          <FormattedMessage id="unsubscribe.done" values={{ type: <TypeName type={actionData.done} /> }} />
        </p>
      </ResultPanel>
    )
  }
  if (!loaderData.token || !loaderData.type || !emailTypes.includes(loaderData.type)) {
    return (
      <ResultPanel tone="danger" title={<FormattedMessage id="unsubscribe.title" />} action={settingsLink}>
        <p>
          <FormattedMessage id="unsubscribe.invalid" />
        </p>
      </ResultPanel>
    )
  }
  return (
    <ResultPanel
      tone="neutral"
      title={<FormattedMessage id="unsubscribe.title" />}
      action={
        <Form method="post">
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            <FormattedMessage id="unsubscribe.button" />
          </button>
        </Form>
      }
    >
      <p>
        <FormattedMessage id="unsubscribe.question" values={{ type: <TypeName type={loaderData.type} /> }} />
      </p>
    </ResultPanel>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'unsubscribe.title')]
}
