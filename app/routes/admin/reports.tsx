import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import { listQueue } from '#app/features/moderation/cases.server'
import { requireOperator } from '#app/features/operators/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import type { Route } from './+types/reports'

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.reports.title')]

export async function loader({ request }: Route.LoaderArgs) {
  const operator = await requireOperator(request, 'reports.handle')
  const q = await listQueue()
  return {
    operatorId: operator.id,
    reports: q.reports.map((r) => ({ ...r, content: r.imageId ? 'photo' : r.messageId ? 'message' : 'profile', createdAt: r.createdAt.toISOString() })),
    complaints: q.complaints.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    appeals: q.appeals.map((a) => ({ ...a, appealedAt: a.appealedAt?.toISOString() ?? '', actionable: a.decidedBy !== operator.id })),
  }
}

/** The queue of reports, complaints and appeals, oldest first; appeals go to a moderator other than the decider. */
export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const intl = useIntl()
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' })
  const { reports, complaints, appeals } = loaderData
  return (
    <>
      <h1 className="h3 mb-3">
        <FormattedMessage id="admin.reports.title" />
      </h1>
      <section className="mb-4" aria-labelledby="appeals-title">
        <h2 className="h5" id="appeals-title">
          <FormattedMessage id="admin.reports.appeals" /> <span className="badge text-bg-secondary">{appeals.length}</span>
        </h2>
        {appeals.length === 0 ? (
          <p className="text-body-secondary">
            <FormattedMessage id="admin.reports.empty" />
          </p>
        ) : (
          <ul className="list-group" data-testid="appeal-queue">
            {appeals.map((a) => (
              <li key={a.id} className="list-group-item d-flex flex-wrap gap-2 align-items-center">
                <Link to={`/admin/reports/appeal/${a.id}`} className="me-auto">
                  <FormattedMessage id="admin.case.title.appeal" values={{ id: a.id }} /> — {a.name}
                </Link>
                <span className="small text-body-secondary">
                  <FormattedMessage id={`admin.decisionAction.${a.action}`} /> · <FormattedMessage id="admin.reports.decidedBy" values={{ name: a.decidedByName }} /> · {date(a.appealedAt)}
                </span>
                {a.actionable ? null : (
                  <span className="badge text-bg-warning" data-testid="not-actionable">
                    <FormattedMessage id="admin.reports.notYours" />
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="mb-4" aria-labelledby="member-reports-title">
        <h2 className="h5" id="member-reports-title">
          <FormattedMessage id="admin.reports.reports" /> <span className="badge text-bg-secondary">{reports.length}</span>
        </h2>
        {reports.length === 0 ? (
          <p className="text-body-secondary">
            <FormattedMessage id="admin.reports.empty" />
          </p>
        ) : (
          <ul className="list-group" data-testid="report-queue">
            {reports.map((r) => (
              <li key={r.id} className="list-group-item d-flex flex-wrap gap-2">
                <Link to={`/admin/reports/report/${r.id}`} className="me-auto">
                  <FormattedMessage id="admin.case.title.report" values={{ id: r.id }} /> — {r.targetName}
                </Link>
                <span className="small text-body-secondary">
                  <FormattedMessage id={`admin.content.${r.content}`} /> · {intl.formatMessage({ id: `report.reason.${r.reason}`, defaultMessage: r.reason })} · {date(r.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="mb-4" aria-labelledby="complaints-title">
        <h2 className="h5" id="complaints-title">
          <FormattedMessage id="admin.reports.complaints" /> <span className="badge text-bg-secondary">{complaints.length}</span>
        </h2>
        {complaints.length === 0 ? (
          <p className="text-body-secondary">
            <FormattedMessage id="admin.reports.empty" />
          </p>
        ) : (
          <ul className="list-group" data-testid="complaint-queue">
            {complaints.map((c) => (
              <li key={c.id} className="list-group-item d-flex flex-wrap gap-2">
                <Link to={`/admin/reports/complaint/${c.id}`} className="me-auto">
                  {c.reference}
                </Link>
                <span className="small text-body-secondary">
                  <FormattedMessage id={`complaints.category.${c.category}`} /> · {date(c.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
