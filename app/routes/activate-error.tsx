import { FormattedMessage } from 'react-intl'
import { Form, Link } from 'react-router'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import { ResultPanel } from '#app/ui/result-panel'
import type { Route } from './+types/activate-error'

export default function ActivateError() {
  const root = useRootData()
  return (
    <ResultPanel
      tone="danger"
      title={<FormattedMessage id="activate.failed" />}
      action={
        root.viewer?.status === 'not_confirmed' ? (
          <Form method="post" action="/activate/resend">
            <button type="submit" className="btn btn-primary">
              <FormattedMessage id="activate.resend" />
            </button>
          </Form>
        ) : (
          <Link to="/login" className="btn btn-primary">
            <FormattedMessage id="nav.login" />
          </Link>
        )
      }
    >
      <p>
        <FormattedMessage id="error.linkExpired" />
      </p>
    </ResultPanel>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'activate.failed')]
}
