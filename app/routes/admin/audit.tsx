import { FormattedDate, FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { listAudit } from '#app/features/console/operators/audit.server'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import { DataTable, type Column } from '#app/ui/data-table'
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
      <h1 className="h3 mb-3" id="audit-title">
        <FormattedMessage id="admin.audit.title" />
      </h1>
      <DataTable
        testId="audit-log"
        labelledBy="audit-title"
        columns={auditColumns}
        rows={loaderData.rows}
        rowKey={(r) => r.id}
        empty={<FormattedMessage id="admin.audit.empty" />}
      />
      {loaderData.next ? (
        <Link to={`?before=${loaderData.next}`} className="btn btn-outline-dark btn-sm">
          <FormattedMessage id="admin.audit.older" />
        </Link>
      ) : null}
    </>
  )
}

type AuditRow = Route.ComponentProps['loaderData']['rows'][number]

// Newest first and paged by id (`?before=`): a log reads in time order, so it has no other sort.
const auditColumns: Column<AuditRow>[] = [
  {
    id: 'when',
    header: <FormattedMessage id="admin.audit.when" />,
    cell: (r) => <FormattedDate value={r.createdAt} dateStyle="short" timeStyle="medium" />,
    className: 'text-nowrap',
  },
  { id: 'who', header: <FormattedMessage id="admin.audit.who" />, cell: (r) => r.operatorName ?? <FormattedMessage id="admin.audit.system" /> },
  { id: 'what', header: <FormattedMessage id="admin.audit.what" />, cell: (r) => <code>{r.action}</code> },
  { id: 'target', header: <FormattedMessage id="admin.audit.target" />, cell: (r) => (r.targetType ? `${r.targetType} ${r.targetId ?? ''}` : '') },
  { id: 'why', header: <FormattedMessage id="admin.audit.why" />, cell: (r) => r.reason ?? '', className: 'text-break' },
]

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.audit.title')]
