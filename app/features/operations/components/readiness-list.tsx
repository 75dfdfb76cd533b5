import { FormattedMessage } from 'react-intl'
import { DataTable, type Column } from '#app/ui/data-table'

export interface ReadinessListProps {
  /** The report's items (app/features/operations/readiness.server.ts), without the English details of the command line. */
  items: { id: string; status: 'ok' | 'missing' | 'warning'; variables: string[] }[]
  processes: number
  machines: number
}

const badge = { ok: 'text-bg-success', missing: 'text-bg-danger', warning: 'text-bg-warning' } as const

const columns: Column<ReadinessListProps['items'][number]>[] = [
  {
    id: 'item',
    header: <FormattedMessage id="admin.readiness.column.item" />,
    cell: (i) => <FormattedMessage id={`admin.readiness.item.${i.id}`} />,
    rowHeader: true,
    className: 'fw-normal',
  },
  {
    id: 'status',
    header: <FormattedMessage id="admin.readiness.column.status" />,
    cell: (i) => (
      <span className={`badge ${badge[i.status]}`}>
        <FormattedMessage id={`admin.readiness.status.${i.status}`} />
      </span>
    ),
  },
  {
    id: 'variables',
    header: <FormattedMessage id="admin.readiness.column.variables" />,
    className: 'small',
    cell: (i) =>
      i.variables.length
        ? i.variables.map((v, n) => (
            <span key={v}>
              {n ? ', ' : null}
              <code>{v}</code>
            </span>
          ))
        : '—',
  },
]

/** The readiness report on the console's dashboard, for admins: the same items, in the same order, as `npm run doctor`. */
export function ReadinessList({ items, processes, machines }: ReadinessListProps) {
  const count = (s: keyof typeof badge) => items.filter((i) => i.status === s).length
  return (
    <section className="card mb-4" aria-labelledby="readiness-title" data-testid="readiness">
      <div className="card-body">
        <h2 id="readiness-title" className="h5">
          <FormattedMessage id="admin.readiness.title" />
        </h2>
        <p className="small text-body-secondary">
          <FormattedMessage id="admin.readiness.intro" values={{ processes, machines, code: (chunks) => <code>{chunks}</code> }} />
        </p>
        <p className="fw-semibold" data-testid="readiness-summary">
          <FormattedMessage id="admin.readiness.summary" values={{ missing: count('missing'), warnings: count('warning') }} />
        </p>
        {/* No scrolling wrapper: the variable names wrap between them, so the table fits any width. */}
        <DataTable
          className="table table-sm align-middle mb-0"
          responsive={false}
          caption={<FormattedMessage id="admin.readiness.title" />}
          columns={columns}
          rows={items}
          rowKey={(i) => i.id}
          rowProps={(i) => ({ 'data-testid': `readiness-${i.id}` })}
        />
      </div>
    </section>
  )
}
