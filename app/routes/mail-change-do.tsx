import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { confirmEmailChange } from '#app/features/accounts/change-account.server'
import { pageTitle } from '#app/i18n/meta'
import { ResultPanel } from '#app/ui/result-panel'
import type { Route } from './+types/mail-change-do'

/** The link sent to a new e-mail address: the change happens when it is followed. */
export async function loader({ request }: Route.LoaderArgs) {
  return { result: await confirmEmailChange(new URL(request.url).searchParams.get('token')) }
}

export default function MailChangeDo({ loaderData }: Route.ComponentProps) {
  const ok = loaderData.result === 'ok'
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
        <FormattedMessage id={ok ? 'mailChange.doneText' : loaderData.result === 'taken' ? 'validation.emailTaken' : 'error.linkExpired'} />
      </p>
    </ResultPanel>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'mailChange.done')]
}
