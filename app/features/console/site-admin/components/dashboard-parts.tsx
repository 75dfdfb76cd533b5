import type { ReactNode } from 'react'
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl'
import { Form, Link } from 'react-router'
import type { IconName } from '#app/ui/icon-names'
import { DataTable, type Column } from '#app/ui/data-table'
import { Icon } from '#app/ui/icon'
import type { DashboardStats } from '../dashboard.server'

/** The figures as the dashboard shows them: purchases and revenue are null for roles that may not see money. */
export type DashboardFigures = Omit<DashboardStats, 'purchases' | 'revenue'> & { purchases: number[] | null; revenue: DashboardStats['revenue'] | null }

/** The date range the figures cover. */
export function RangeForm({ range, loading }: { range: { from: string; to: string }; loading: boolean }) {
  return (
    <Form method="get" className="row g-2 align-items-end mb-3" aria-labelledby="range-title">
      <h2 id="range-title" className="visually-hidden">
        <FormattedMessage id="admin.dashboard.range" />
      </h2>
      <div className="col-auto">
        <label className="form-label small mb-1" htmlFor="range-from">
          <FormattedMessage id="admin.dashboard.from" />
        </label>
        <input className="form-control form-control-sm" type="date" id="range-from" name="from" defaultValue={range.from} key={`f${range.from}`} />
      </div>
      <div className="col-auto">
        <label className="form-label small mb-1" htmlFor="range-to">
          <FormattedMessage id="admin.dashboard.to" />
        </label>
        <input className="form-control form-control-sm" type="date" id="range-to" name="to" defaultValue={range.to} key={`t${range.to}`} />
      </div>
      <div className="col-auto">
        <button type="submit" className="btn btn-sm btn-dark" disabled={loading}>
          {loading ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : null}
          <FormattedMessage id="admin.dashboard.show" />
        </button>
      </div>
    </Form>
  )
}

/** The range's totals and what waits for the operators, one tile each. */
export function DashboardTiles({ tiles }: { tiles: { id: string; value: ReactNode }[] }) {
  return (
    <div className="row g-3 mb-4" data-testid="dashboard-tiles">
      {tiles.map((t) => (
        <div key={t.id} className="col-6 col-md-4 col-xl">
          <div className="card h-100">
            <div className="card-body py-2">
              <div className="small text-body-secondary">
                <FormattedMessage id={`admin.dashboard.tile.${t.id}`} />
              </div>
              <div className="fs-4 fw-semibold" data-testid={`tile-${t.id}`}>
                {t.value}
              </div>
            </div>
          </div>
        </div>
      ))}
    </div>
  )
}

/** The figures per day as a table, folded away under the charts. */
export function DashboardTable({ stats }: { stats: DashboardFigures }) {
  const intl = useIntl()
  const label = (id: string) => intl.formatMessage({ id: `admin.dashboard.series.${id}` })
  const series = (['signups', 'activations', 'messages', 'reports', 'purchases'] as const).filter((s) => stats[s])
  return (
    <details className="mb-4">
      <summary>
        <FormattedMessage id="admin.dashboard.table" />
      </summary>
      <DataTable
        testId="dashboard-table"
        className="table table-sm table-striped"
        wrapperClassName="mt-2"
        caption={<FormattedMessage id="admin.dashboard.table" />}
        columns={[
          { id: 'day', header: <FormattedMessage id="admin.dashboard.day" />, cell: (i) => stats.days[i], rowHeader: true, className: 'fw-normal text-nowrap' },
          ...series.map((s): Column<number> => ({ id: s, header: label(s), align: 'end', cell: (i) => stats[s]?.[i] })),
          ...(stats.revenue ?? []).map((r): Column<number> => ({
            id: `revenue-${r.currency}`,
            header: <FormattedMessage id="admin.dashboard.revenueIn" values={{ currency: r.currency }} />,
            align: 'end',
            cell: (i) => <FormattedNumber value={r.values[i] / 100} style="currency" currency={r.currency} />,
          })),
        ]}
        rows={stats.days.map((_, i) => i)}
        rowKey={(i) => stats.days[i]}
      />
    </details>
  )
}

/** The console sections this role may open, as cards. */
export function SectionCards({ sections }: { sections: { to: string; icon: IconName; labelId: string }[] }) {
  if (!sections.length) return null
  return (
    <>
      <h2 className="h5">
        <FormattedMessage id="admin.dashboard.sections" />
      </h2>
      <div className="row g-3">
        {sections.map((s) => (
          <div key={s.to} className="col-sm-6 col-xl-4">
            <Link to={s.to} className="card h-100 text-decoration-none link-body-emphasis">
              <div className="card-body">
                <Icon name={s.icon} className="fs-3" />
                <h3 className="h6 mt-2 mb-0">
                  <FormattedMessage id={s.labelId} />
                </h3>
              </div>
            </Link>
          </div>
        ))}
      </div>
    </>
  )
}
