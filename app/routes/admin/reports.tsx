import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import { listQueue } from '#app/features/console/moderation/cases.server'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import type { Route } from './+types/reports'

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
      <QueueSection id="appeals" titleId="admin.reports.appeals" testId="appeal-queue" count={appeals.length}>
        {appeals.map((a) => (
          <li key={a.id} className="list-group-item d-flex flex-wrap gap-2 align-items-center">
            <Link to={`/admin/reports/appeal/${a.id}`} className="me-auto">
              <FormattedMessage id="admin.case.title.appeal" values={{ id: a.id }} /> — {a.name}
            </Link>
            <span className="small text-body-secondary">
              <FormattedMessage id={`admin.decisionAction.${a.action}`} /> ·{' '}
              <FormattedMessage id="admin.reports.decidedBy" values={{ name: a.decidedByName }} /> · {date(a.appealedAt)}
            </span>
            {a.actionable ? null : (
              <span className="badge text-bg-warning" data-testid="not-actionable">
                <FormattedMessage id="admin.reports.notYours" />
              </span>
            )}
          </li>
        ))}
      </QueueSection>
      <QueueSection id="member-reports" titleId="admin.reports.reports" testId="report-queue" count={reports.length}>
        {reports.map((r) => (
          <li key={r.id} className="list-group-item d-flex flex-wrap gap-2">
            <Link to={`/admin/reports/report/${r.id}`} className="me-auto">
              <FormattedMessage id="admin.case.title.report" values={{ id: r.id }} /> — {r.targetName}
            </Link>
            <span className="small text-body-secondary">
              <FormattedMessage id={`admin.content.${r.content}`} /> · {intl.formatMessage({ id: `report.reason.${r.reason}`, defaultMessage: r.reason })} ·{' '}
              {date(r.createdAt)}
            </span>
          </li>
        ))}
      </QueueSection>
      <QueueSection id="complaints" titleId="admin.reports.complaints" testId="complaint-queue" count={complaints.length}>
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
      </QueueSection>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.reports.title')]

/** One queue: its title with the count, and its cases or the empty state. */
function QueueSection({ id, titleId, testId, count, children }: { id: string; titleId: string; testId: string; count: number; children: ReactNode }) {
  return (
    <section className="mb-4" aria-labelledby={`${id}-title`}>
      <h2 className="h5" id={`${id}-title`}>
        <FormattedMessage id={titleId} /> <span className="badge text-bg-secondary">{count}</span>
      </h2>
      {count === 0 ? (
        <p className="text-body-secondary">
          <FormattedMessage id="admin.reports.empty" />
        </p>
      ) : (
        <ul className="list-group" data-testid={testId}>
          {children}
        </ul>
      )}
    </section>
  )
}
