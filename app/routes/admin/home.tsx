import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl'
import { useNavigation } from 'react-router'
import { dashboardStats, parseRange } from '#app/features/console/site-admin/dashboard.server'
import { DashboardTable, DashboardTiles, RangeForm, SectionCards } from '#app/features/console/site-admin/components/dashboard-parts'
import { ReadinessList } from '#app/features/operations/components/readiness-list'
import { siteReadiness } from '#app/features/operations/readiness-facts.server'
import { sectionsFor } from '#app/features/console/operators/console-nav'
import { can } from '#app/features/console/operators/permissions'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import { env } from '#app/lib/env.server'
import type { Route } from './+types/home'

// chart.js draws on a canvas in the browser: loaded there only, after hydration, and kept out of the main bundle.
const DashboardChart = lazy(() => import('#app/features/console/site-admin/components/dashboard-chart'))

export async function loader({ request }: Route.LoaderArgs) {
  const operator = await requireOperator(request, 'dashboard.view')
  const { range, error } = parseRange(new URL(request.url).searchParams)
  // What the configuration lacks for production is for admins, who can change it (npm run doctor prints the same).
  const [stats, readiness] = await Promise.all([dashboardStats(range), can(operator.role, 'dashboard.readiness') ? siteReadiness(env()) : null])
  // Money is for admins: other roles see the activity without purchases and revenue.
  const money = can(operator.role, 'dashboard.revenue')
  return {
    name: operator.name,
    role: operator.role,
    sections: sectionsFor(operator.role).filter((s) => s.to !== '/admin'),
    range,
    error,
    stats: money ? stats : { ...stats, purchases: null, revenue: null },
    // The English details stay on the command line: the console shows translated names and the variables.
    readiness: readiness && { ...readiness.topology, items: readiness.items.map(({ id, status, variables }) => ({ id, status, variables })) },
  }
}

/** The console's start page: figures per day over a date range with charts, and the sections this role may open. */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const intl = useIntl()
  const hydrated = useHydrated()
  const loading = useNavigation().state === 'loading'
  const { stats, range } = loaderData
  const label = (id: string) => intl.formatMessage({ id: `admin.dashboard.series.${id}` })
  const summary = (name: string, values: number[]) =>
    intl.formatMessage(
      { id: 'admin.dashboard.chartSummary' },
      { series: name, total: sum(values), max: Math.max(0, ...values), from: range.from, to: range.to },
    )
  const charts: { id: string; type: 'bar' | 'line'; series: { label: string; values: number[] }[] }[] = [
    {
      id: 'members',
      type: 'line',
      series: [
        { label: label('signups'), values: stats.signups },
        { label: label('activations'), values: stats.activations },
      ],
    },
    { id: 'messages', type: 'bar', series: [{ label: label('messages'), values: stats.messages }] },
    { id: 'reports', type: 'bar', series: [{ label: label('reports'), values: stats.reports }] },
    ...(stats.purchases ? [{ id: 'purchases', type: 'bar' as const, series: [{ label: label('purchases'), values: stats.purchases }] }] : []),
    ...(stats.revenue?.length
      ? [{ id: 'revenue', type: 'line' as const, series: stats.revenue.map((r) => ({ label: r.currency, values: r.values.map((v) => v / 100) })) }]
      : []),
  ]
  const tiles: { id: string; value: React.ReactNode }[] = [
    { id: 'signups', value: sum(stats.signups) },
    { id: 'activations', value: sum(stats.activations) },
    { id: 'messages', value: sum(stats.messages) },
    ...(stats.purchases ? [{ id: 'purchases', value: sum(stats.purchases) }] : []),
    ...(stats.revenue
      ? [
          {
            id: 'revenue',
            value: stats.revenue.length
              ? stats.revenue.map((r) => (
                  <span key={r.currency} className="d-block">
                    <FormattedNumber value={sum(r.values) / 100} style="currency" currency={r.currency} />
                  </span>
                ))
              : '—',
          },
        ]
      : []),
    { id: 'openReports', value: stats.openReports },
    { id: 'openComplaints', value: stats.openComplaints },
    { id: 'pendingPhotos', value: stats.pendingPhotos },
  ]
  return (
    <>
      <h1 className="h3">
        <FormattedMessage id="admin.home.title" />
      </h1>
      <p className="text-body-secondary">
        <FormattedMessage id="admin.home.welcome" values={{ name: loaderData.name, role: <FormattedMessage id={`admin.role.${loaderData.role}`} /> }} />
      </p>

      {loaderData.readiness ? <ReadinessList {...loaderData.readiness} /> : null}

      <RangeForm range={range} loading={loading} />
      {loaderData.error ? (
        <div className="alert alert-warning py-2" role="alert">
          <FormattedMessage id={loaderData.error} values={{ max: 366 }} />
        </div>
      ) : null}

      <DashboardTiles tiles={tiles} />

      <div className="row g-3 mb-4">
        {charts.map((c) => (
          <div key={c.id} className="col-lg-6">
            <section className="card h-100" aria-labelledby={`chart-${c.id}-title`}>
              <div className="card-body">
                <h2 id={`chart-${c.id}-title`} className="h6">
                  <FormattedMessage id={`admin.dashboard.chart.${c.id}`} />
                </h2>
                <div style={{ position: 'relative', height: 220 }} data-testid={`chart-${c.id}`}>
                  {hydrated ? (
                    <ChartBoundary>
                      <Suspense fallback={<span className="spinner-border spinner-border-sm" aria-hidden="true" />}>
                        <DashboardChart
                          type={c.type}
                          labels={stats.days}
                          series={c.series}
                          summary={c.series.map((s) => summary(s.label, s.values)).join('; ')}
                        />
                      </Suspense>
                    </ChartBoundary>
                  ) : null}
                </div>
              </div>
            </section>
          </div>
        ))}
      </div>

      <DashboardTable stats={stats} />

      <SectionCards sections={loaderData.sections} />
    </>
  )
}

const sum = (v: number[]) => v.reduce((a, b) => a + b, 0)

/** A chart that fails to load or draw leaves its box empty; the figures stay in the table below. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    return this.state.failed ? null : this.props.children
  }
}

function useHydrated() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.home.title')]
