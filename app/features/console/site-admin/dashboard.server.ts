import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { db } from '#db/client.server'

/**
 * The console dashboard's figures: counts per UTC day over a date range, straight from aggregate SQL (group by
 * day, on indexed timestamps). Only counts and sums leave the database, never a row about anyone.
 */
export const MAX_RANGE_DAYS = 366
export const DEFAULT_RANGE_DAYS = 30

const DAY = 86_400_000
const isoDay = (d: Date) => d.toISOString().slice(0, 10)

export interface DateRange {
  from: string
  to: string
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/** The range asked for, or the last 30 days; refused (with the default instead) when reversed or over 366 days. */
export function parseRange(params: URLSearchParams, now = new Date()): { range: DateRange; error: string | null } {
  const fallback = { from: isoDay(new Date(now.getTime() - (DEFAULT_RANGE_DAYS - 1) * DAY)), to: isoDay(now) }
  const rawFrom = params.get('from')
  const rawTo = params.get('to')
  if (!rawFrom && !rawTo) return { range: fallback, error: null }
  const from = day.safeParse(rawFrom ?? fallback.from)
  const to = day.safeParse(rawTo ?? fallback.to)
  const f = from.success ? Date.parse(`${from.data}T00:00:00Z`) : NaN
  const t = to.success ? Date.parse(`${to.data}T00:00:00Z`) : NaN
  if (Number.isNaN(f) || Number.isNaN(t) || isoDay(new Date(f)) !== from.data || isoDay(new Date(t)) !== to.data)
    return { range: fallback, error: 'admin.dashboard.error.date' }
  if (f > t) return { range: fallback, error: 'admin.dashboard.error.order' }
  if ((t - f) / DAY + 1 > MAX_RANGE_DAYS) return { range: fallback, error: 'admin.dashboard.error.tooLong' }
  return { range: { from: from.data!, to: to.data! }, error: null }
}

export function daysOf(range: DateRange): string[] {
  const out: string[] = []
  for (let t = Date.parse(`${range.from}T00:00:00Z`); t <= Date.parse(`${range.to}T00:00:00Z`); t += DAY) out.push(isoDay(new Date(t)))
  return out
}

export interface DashboardStats {
  days: string[]
  signups: number[]
  activations: number[]
  messages: number[]
  reports: number[]
  purchases: number[]
  /** Revenue per currency (minor units, paid amounts less refunds), one value per day. */
  revenue: { currency: string; values: number[] }[]
  /** Right now, whatever the range: what waits for the operators. */
  openComplaints: number
  openReports: number
  pendingPhotos: number
}

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows

export async function dashboardStats(range: DateRange): Promise<DashboardStats> {
  const days = daysOf(range)
  // Timestamps compare against dates at UTC midnight: the session's time zone must not move the day boundaries.
  const utc = (d: string) => sql`(${d}::date::timestamp at time zone 'UTC')`
  const bounded = (column: SQL) => sql`${column} >= ${utc(range.from)} and ${column} < ${utc(range.to)} + interval '1 day'`
  const count = async (table: SQL, column: SQL, extra: SQL = sql`true`) => {
    const r = await db().execute(sql`
      select to_char(${column} at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
      from ${table} where ${bounded(column)} and ${extra} group by 1`)
    const m = new Map(rowsOf<{ day: string; n: number }>(r).map((x) => [x.day, Number(x.n)]))
    return days.map((d) => m.get(d) ?? 0)
  }
  const [signups, activations, messages, reports, purchases, revenueRows, waiting] = await Promise.all([
    count(sql`users`, sql`signup_date`),
    count(sql`users`, sql`confirmed_at`),
    count(sql`messages`, sql`created_at`),
    count(sql`reports`, sql`created_at`),
    count(sql`payments`, sql`paid_at`),
    db().execute(sql`
      select to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD') as day, currency, sum(total_minor - refunded_minor - charged_back_minor)::bigint as minor
      from payments where ${bounded(sql`paid_at`)} group by 1, 2`),
    db().execute(sql`
      select (select count(*)::int from complaints where status = 'open') as complaints,
             (select count(*)::int from reports where status = 'open') as reports,
             (select count(*)::int from profile_images where status = 'pending') as photos`),
  ])
  const byCurrency = new Map<string, Map<string, number>>()
  for (const r of rowsOf<{ day: string; currency: string; minor: string | number }>(revenueRows)) {
    const m = byCurrency.get(r.currency) ?? new Map<string, number>()
    m.set(r.day, Number(r.minor))
    byCurrency.set(r.currency, m)
  }
  const revenue = [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, m]) => ({ currency, values: days.map((d) => m.get(d) ?? 0) }))
  const [w] = rowsOf<{ complaints: number; reports: number; photos: number }>(waiting)
  return {
    days,
    signups,
    activations,
    messages,
    reports,
    purchases,
    revenue,
    openComplaints: Number(w?.complaints ?? 0),
    openReports: Number(w?.reports ?? 0),
    pendingPhotos: Number(w?.photos ?? 0),
  }
}
