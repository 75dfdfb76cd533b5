import { FormattedMessage } from 'react-intl'
import { Form, Link, useNavigation } from 'react-router'
import { confirmEmailChange } from '#app/features/accounts/change-account.server'
import { pageTitle } from '#app/i18n/meta'
import { readFormData } from '#app/lib/form-data.server'
import { ResultPanel } from '#app/ui/result-panel'
import type { Route } from './+types/mail-change-do'

/**
 * GET ?token=: the link sent to a new e-mail address shows a button and changes nothing: mail scanners and link
 * previews at the new mailbox open every link, and must not make the change for the member.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  return { token: token && token.length <= 200 ? token : null }
}

/** POST {token}: the change happens. */
export async function action({ request }: Route.ActionArgs) {
  const token = (await readFormData(request)).get('token')
  return { result: await confirmEmailChange(typeof token === 'string' ? token : null) }
}

export default function MailChangeDo({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  if (!actionData && loaderData.token) {
    return (
      <ResultPanel tone="neutral" title={<FormattedMessage id="mailChange.confirmTitle" />}>
        <Form method="post">
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="btn btn-primary" disabled={navigation.state !== 'idle'}>
            <FormattedMessage id="mailChange.confirm" />
          </button>
        </Form>
      </ResultPanel>
    )
  }
  const result = actionData?.result ?? 'invalid'
  const ok = result === 'ok'
  return (
    <ResultPanel
      tone={ok ? 'success' : 'danger'}
      title={<FormattedMessage id={ok ? 'mailChange.done' : 'mailChange.failed'} />}
      action={
        <Link to="/notifications" className="btn btn-primary">
          <FormattedMessage id="settings.title" />
        </Link>
      }
    >
      <p>
        <FormattedMessage id={ok ? 'mailChange.doneText' : result === 'taken' ? 'validation.emailTaken' : 'error.linkExpired'} />
      </p>
    </ResultPanel>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'mailChange.confirmTitle')]
}
