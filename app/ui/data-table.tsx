import type { CSSProperties, HTMLAttributes, Key, ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { Link, useLocation } from 'react-router'
import { Pagination } from './pagination'

/**
 * The console's lists (and any other list of rows): one accessible table with column headers, an optional sort
 * through the URL (`?sort=<key>&dir=asc|desc`, so it works without JavaScript and survives a reload), an empty state
 * and optional paging. Sorting is either done by the loader (the data layer whitelists the keys and orders in SQL)
 * or here for small lists that are loaded whole (`sort.client`, with each column's `sortValue`).
 */

export type SortDir = 'asc' | 'desc'
export interface Sort {
  key: string
  dir: SortDir
}

export interface Column<T> {
  /** React key of the column. */
  id: string
  header: ReactNode
  cell: (row: T, index: number) => ReactNode
  /** The column can be sorted by this key (`?sort=<key>`); the loader or `sortValue` must know it. */
  sortKey?: string
  /** For client-side sorting: the value the rows are compared by. */
  sortValue?: (row: T) => string | number | null | undefined
  /** The direction a first click sorts in (dates and counts read best newest/largest first). */
  firstDir?: SortDir
  /** Classes of the body cells of this column. */
  className?: string
  /** Inline style of the body cells (a minimum width for a cell holding a form). */
  style?: CSSProperties
  /** Classes of the column's header cell. */
  headerClassName?: string
  /** Alignment of the header and the cells. */
  align?: 'start' | 'center' | 'end'
  /** The cell names its row: rendered as `<th scope="row">`. */
  rowHeader?: boolean
}

/** Attributes a row may carry for styling and tests: `data-*` (including `data-testid`) and a class. */
export type RowProps = { className?: string } & { [data: `data-${string}`]: string | number | boolean | undefined }

/** A table has a name: a caption (hidden unless `captionVisible`), an aria-label, or the id of a heading. */
type Name =
  | { caption: ReactNode; captionVisible?: boolean; ariaLabel?: never; labelledBy?: never }
  | { ariaLabel: string; caption?: never; labelledBy?: never }
  | { labelledBy: string; caption?: never; ariaLabel?: never }

export type DataTableProps<T> = Name & {
  columns: readonly Column<T>[]
  rows: readonly T[]
  rowKey: (row: T) => Key
  rowProps?: (row: T) => RowProps
  /** The table's `data-testid`. */
  testId?: string
  /** Classes of the `<table>`. */
  className?: string
  /** Classes added to the `table-responsive` wrapper. */
  wrapperClassName?: string
  /** Without the scrolling wrapper (`false`), for a table whose cells wrap to any width. */
  responsive?: boolean
  /** The current sort (from `parseSort`); `client` sorts the rows here by the columns' `sortValue`. */
  sort?: { current: Sort | null; client?: boolean }
  /** What shows instead of the table when there are no rows (default: `table.empty`). */
  empty?: ReactNode
  emptyProps?: HTMLAttributes<HTMLParagraphElement> & { 'data-testid'?: string }
  /** Page-numbered paging below the table (app/ui/pagination.tsx). */
  pagination?: { page: number; pages: number }
}

const alignClass = { start: 'text-start', center: 'text-center', end: 'text-end' } as const
const cx = (...c: (string | false | undefined)[]) => c.filter(Boolean).join(' ') || undefined

/** The sort the URL asks for, if its key is one of `keys` (never anything else); otherwise `fallback`. */
export function parseSort<K extends string>(params: URLSearchParams, keys: readonly K[], fallback: { key: K; dir: SortDir }): { key: K; dir: SortDir }
export function parseSort<K extends string>(params: URLSearchParams, keys: readonly K[], fallback?: null): { key: K; dir: SortDir } | null
export function parseSort<K extends string>(
  params: URLSearchParams,
  keys: readonly K[],
  fallback: { key: K; dir: SortDir } | null = null,
): { key: K; dir: SortDir } | null {
  const key = params.get('sort')
  const dir = params.get('dir')
  if (!key || !(keys as readonly string[]).includes(key)) return fallback
  return { key: key as K, dir: dir === 'desc' ? 'desc' : 'asc' }
}

/** The URL query that sorts by `sort`, keeping the rest of `search` except the paging (a new order starts at the top). */
export function sortSearch(search: string, sort: Sort, reset: readonly string[] = ['page', 'after', 'before']): string {
  const params = new URLSearchParams(search)
  for (const p of reset) params.delete(p)
  params.set('sort', sort.key)
  params.set('dir', sort.dir)
  return `?${params.toString()}`
}

/** Rows sorted by a column's `sortValue` in the page's language (stable; empty values last in both directions). */
export function sortRows<T>(rows: readonly T[], columns: readonly Column<T>[], sort: Sort | null, locale = 'en'): readonly T[] {
  const column = sort ? columns.find((c) => c.sortKey === sort.key && c.sortValue) : undefined
  if (!sort || !column?.sortValue) return rows
  const value = column.sortValue
  const sign = sort.dir === 'asc' ? 1 : -1
  // The page's locale, never the machine's: the server and the browser must put the rows in the same order.
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' })
  return rows
    .map((row, i) => ({ row, i, v: value(row) }))
    .sort((a, b) => {
      const an = a.v === null || a.v === undefined || a.v === ''
      const bn = b.v === null || b.v === undefined || b.v === ''
      if (an || bn) return an && bn ? a.i - b.i : an ? 1 : -1
      const c = typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : collator.compare(String(a.v), String(b.v))
      return c === 0 ? a.i - b.i : c * sign
    })
    .map((x) => x.row)
}

export function DataTable<T>(props: DataTableProps<T>) {
  const {
    columns,
    rows,
    rowKey,
    rowProps,
    testId,
    className = 'table table-sm align-middle',
    wrapperClassName,
    responsive = true,
    sort,
    empty,
    emptyProps,
    pagination,
  } = props
  const intl = useIntl()
  const { search } = useLocation()
  const current = sort?.current ?? null
  const shown = sort?.client ? sortRows(rows, columns, current, intl.locale) : rows
  const pages = pagination ? <Pagination page={pagination.page} pages={pagination.pages} search={search} /> : null
  if (rows.length === 0) {
    return (
      <>
        <p {...emptyProps} className={emptyProps?.className ?? 'text-body-secondary'}>
          {empty ?? intl.formatMessage({ id: 'table.empty' })}
        </p>
        {pages}
      </>
    )
  }
  return (
    <>
      <Wrapper responsive={responsive} className={wrapperClassName}>
        <table className={className} data-testid={testId} aria-label={props.ariaLabel} aria-labelledby={props.labelledBy}>
          {props.caption ? <caption className={props.captionVisible ? undefined : 'visually-hidden'}>{props.caption}</caption> : null}
          <thead>
            <tr>
              {columns.map((c) => {
                const key = c.sortKey
                const sorted = key && current?.key === key ? current.dir : null
                const next: SortDir = sorted ? (sorted === 'asc' ? 'desc' : 'asc') : (c.firstDir ?? 'asc')
                return (
                  <th
                    key={c.id}
                    scope="col"
                    className={cx(c.align && alignClass[c.align], c.headerClassName)}
                    aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {key && sort ? (
                      <Link
                        to={sortSearch(search, { key, dir: next })}
                        className="link-body-emphasis text-decoration-none text-nowrap"
                        preventScrollReset
                        data-sort-link={key}
                      >
                        {c.header}
                        <span aria-hidden="true" className="ms-1">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                        <span className="visually-hidden">
                          {' '}
                          ({intl.formatMessage({ id: next === 'asc' ? 'table.sortAscending' : 'table.sortDescending' })})
                        </span>
                      </Link>
                    ) : (
                      c.header
                    )}
                  </th>
                )
              })}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, i) => (
              <tr key={rowKey(row)} {...rowProps?.(row)}>
                {columns.map((c) => {
                  const cls = cx(c.align && alignClass[c.align], c.className)
                  return c.rowHeader ? (
                    <th key={c.id} scope="row" className={cls} style={c.style}>
                      {c.cell(row, i)}
                    </th>
                  ) : (
                    <td key={c.id} className={cls} style={c.style}>
                      {c.cell(row, i)}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </Wrapper>
      {pages}
    </>
  )
}

function Wrapper({ responsive, className, children }: { responsive: boolean; className?: string; children: ReactNode }) {
  return responsive ? <div className={cx('table-responsive', className)}>{children}</div> : <>{children}</>
}
