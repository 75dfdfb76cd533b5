import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { confirmNotificationsAgain } from '#app/features/notifications/reenable.server'
import { pageTitle } from '#app/i18n/meta'
import { ResultPanel } from '#app/ui/result-panel'
import type { Route } from './+types/notifications-confirm'

/** The link of the "confirm your address" e-mail sent when a member turns e-mails on again after a bounce. */
export async function loader({ request }: Route.LoaderArgs) {
  return { ok: await confirmNotificationsAgain(new URL(request.url).searchParams.get('token')) }
}

export default function NotificationsConfirm({ loaderData }: Route.ComponentProps) {
  return (
    <ResultPanel
      tone={loaderData.ok ? 'success' : 'danger'}
      title={<FormattedMessage id="notify.confirmTitle" />}
      action={
        <Link to="/notifications" className="btn btn-primary">
          <FormattedMessage id="notify.heading" />
        </Link>
      }
    >
      <p>
        <FormattedMessage id={loaderData.ok ? 'notify.confirmDone' : 'notify.confirmInvalid'} />
      </p>
    </ResultPanel>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'notify.confirmTitle')]
}
