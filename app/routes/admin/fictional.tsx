import { FormattedMessage, useIntl } from 'react-intl'
import { Form, Link, useSearchParams } from 'react-router'
import { listFictional } from '#app/features/console/fictional/fictional-profiles.server'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import { Pagination } from '#app/ui/pagination'
import type { Route } from './+types/fictional'
import { Icon } from '#app/ui/icon'

export async function loader({ request }: Route.LoaderArgs) {
  await requireOperator(request, 'fictional.manage')
  const url = new URL(request.url)
  const q = url.searchParams.get('q')?.trim().slice(0, 40) || undefined
  return listFictional({ q, page: Number(url.searchParams.get('page')) || 1 })
}

/** Fictional profiles (admins): listed, created and edited here; they can never write (decision record 018). */
export default function AdminFictional({ loaderData }: Route.ComponentProps) {
  const intl = useIntl()
  const [params] = useSearchParams()
  const page = Number(params.get('page')) || 1
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 me-auto mb-0">
          <FormattedMessage id="admin.fictional.title" />
        </h1>
        <Link to="/admin/fictional/new" className="btn btn-dark">
          <Icon name="plus-lg" className="me-1" />
          <FormattedMessage id="admin.fictional.create" />
        </Link>
      </div>
      <p className="text-body-secondary">
        <FormattedMessage id="admin.fictional.help" />
      </p>
      <Form method="get" className="d-flex gap-2 mb-3" role="search">
        <label htmlFor="fictional-q" className="visually-hidden">
          <FormattedMessage id="admin.fictional.search" />
        </label>
        <input id="fictional-q" name="q" type="search" className="form-control" defaultValue={params.get('q') ?? ''} placeholder={intl.formatMessage({ id: 'admin.fictional.search' })} />
        <button type="submit" className="btn btn-outline-dark">
          <FormattedMessage id="admin.fictional.searchButton" />
        </button>
      </Form>
      {loaderData.rows.length === 0 ? (
        <p className="text-body-secondary">
          <FormattedMessage id="admin.fictional.empty" />
        </p>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle" data-testid="fictional-list">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">
                  <FormattedMessage id="field.name" />
                </th>
                <th scope="col">
                  <FormattedMessage id="profileField.gender" />
                </th>
                <th scope="col">
                  <FormattedMessage id="field.country" />
                </th>
                <th scope="col">
                  <FormattedMessage id="admin.fictional.status" />
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.rows.map((r) => (
                <tr key={r.id}>
                  <td>{r.id}</td>
                  <td>
                    <Link to={`/admin/fictional/${r.id}`}>{r.name}</Link>
                  </td>
                  <td>
                    <FormattedMessage id={`profileValue.gender.${r.gender}`} />
                  </td>
                  <td>{r.country}</td>
                  <td>
                    <span className={`badge ${r.status === 'active' ? 'text-bg-success' : 'text-bg-secondary'}`}>
                      <FormattedMessage id={`admin.fictional.status.${r.status}`} />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={loaderData.pages} search={params.toString()} />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.fictional.title')]
