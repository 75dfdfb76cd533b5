import { FormattedDate, FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { listAudit } from '#app/features/console/operators/audit.server'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import type { Route } from './+types/audit'

export async function loader({ request }: Route.LoaderArgs) {
  await requireOperator(request, 'audit.view')
  const before = Number(new URL(request.url).searchParams.get('before')) || undefined
  const rows = await listAudit({ before, limit: PAGE + 1 })
  return {
    rows: rows.slice(0, PAGE).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    next: rows.length > PAGE ? rows[PAGE - 1].id : null,
  }
}

const PAGE = 50

/** The audit log (admins): every operator action, newest first; nothing here can be changed. */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="h3 mb-3">
        <FormattedMessage id="admin.audit.title" />
      </h1>
      {loaderData.rows.length === 0 ? (
        <p className="text-body-secondary">
          <FormattedMessage id="admin.audit.empty" />
        </p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle" data-testid="audit-log">
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="admin.audit.when" />
                </th>
                <th scope="col">
                  <FormattedMessage id="admin.audit.who" />
                </th>
                <th scope="col">
                  <FormattedMessage id="admin.audit.what" />
                </th>
                <th scope="col">
                  <FormattedMessage id="admin.audit.target" />
                </th>
                <th scope="col">
                  <FormattedMessage id="admin.audit.why" />
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.rows.map((r) => (
                <tr key={r.id}>
                  <td className="text-nowrap">
                    <FormattedDate value={r.createdAt} dateStyle="short" timeStyle="medium" />
                  </td>
                  <td>{r.operatorName ?? <FormattedMessage id="admin.audit.system" />}</td>
                  <td>
                    <code>{r.action}</code>
                  </td>
                  <td>{r.targetType ? `${r.targetType} ${r.targetId ?? ''}` : ''}</td>
                  <td className="text-break">{r.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {loaderData.next ? (
        <Link to={`?before=${loaderData.next}`} className="btn btn-outline-dark btn-sm">
          <FormattedMessage id="admin.audit.older" />
        </Link>
      ) : null}
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.audit.title')]
