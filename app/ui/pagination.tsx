import { useIntl } from 'react-intl'
import { Link } from 'react-router'

/** Previous / next paging that keeps the rest of the query. */
export function Pagination({ page, pages, search }: { page: number; pages: number; search: string }) {
  const intl = useIntl()
  if (pages <= 1) return null
  const href = (p: number) => {
    const params = new URLSearchParams(search)
    params.set('page', String(p))
    return `?${params.toString()}`
  }
  return (
    <nav aria-label={intl.formatMessage({ id: 'pagination.label' })} className="d-flex justify-content-center align-items-center gap-3 my-4">
      {page > 1 ? (
        <Link className="btn btn-outline-primary" to={href(page - 1)} rel="prev">
          {intl.formatMessage({ id: 'pagination.previous' })}
        </Link>
      ) : null}
      <span>{intl.formatMessage({ id: 'pagination.pageOf' }, { page, pages })}</span>
      {page < pages ? (
        <Link className="btn btn-outline-primary" to={href(page + 1)} rel="next">
          {intl.formatMessage({ id: 'pagination.next' })}
        </Link>
      ) : null}
    </nav>
  )
}
