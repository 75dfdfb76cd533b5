import { FormattedMessage } from 'react-intl'
import { Form, Link } from 'react-router'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import type { Route } from './+types/activate-error'

export default function ActivateError() {
  const root = useRootData()
  return (
    <div className="text-center py-5">
      <i className="bi bi-x-circle text-danger display-4" aria-hidden="true" />
      <h1 className="h3 mt-3">
        <FormattedMessage id="activate.failed" />
      </h1>
      <p>
        <FormattedMessage id="error.linkExpired" />
      </p>
      {root.viewer?.status === 'not_confirmed' ? (
        <Form method="post" action="/activate/resend">
          <button type="submit" className="btn btn-primary">
            <FormattedMessage id="activate.resend" />
          </button>
        </Form>
      ) : (
        <Link to="/login" className="btn btn-primary">
          <FormattedMessage id="nav.login" />
        </Link>
      )}
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'activate.failed')]
}
