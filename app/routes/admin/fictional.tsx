import { FormattedMessage, useIntl } from 'react-intl'
import { Form, Link, useSearchParams } from 'react-router'
import { defaultFictionalSort, fictionalSortKeys, listFictional } from '#app/features/console/fictional/fictional-profiles.server'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import { DataTable, parseSort, type Column } from '#app/ui/data-table'
import type { Route } from './+types/fictional'
import { Icon } from '#app/ui/icon'

export async function loader({ request }: Route.LoaderArgs) {
  await requireOperator(request, 'fictional.manage')
  const url = new URL(request.url)
  const q = url.searchParams.get('q')?.trim().slice(0, 40) || undefined
  const sort = parseSort(url.searchParams, fictionalSortKeys, defaultFictionalSort)
  return { ...(await listFictional({ q, page: Number(url.searchParams.get('page')) || 1, sort })), sort }
}

/** Fictional profiles (admins): listed, created and edited here; they can never write (decision record 018). */
export default function AdminFictional({ loaderData }: Route.ComponentProps) {
  const intl = useIntl()
  const [params] = useSearchParams()
  const page = Number(params.get('page')) || 1
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 me-auto mb-0" id="fictional-title">
          <FormattedMessage id="admin.fictional.title" />
        </h1>
        <Link to="/admin/fictional/new" className="btn btn-dark">
          <Icon name="plus-lg" className="me-1" />
          <FormattedMessage id="admin.fictional.create" />
        </Link>
      </div>
      <p className="text-body-secondary">
        <FormattedMessage id="admin.fictional.help" />
      </p>
      <Form method="get" className="d-flex gap-2 mb-3" role="search">
        <label htmlFor="fictional-q" className="visually-hidden">
          <FormattedMessage id="admin.fictional.search" />
        </label>
        <input
          id="fictional-q"
          name="q"
          type="search"
          className="form-control"
          defaultValue={params.get('q') ?? ''}
          placeholder={intl.formatMessage({ id: 'admin.fictional.search' })}
        />
        {params.get('sort') ? (
          <>
            <input type="hidden" name="sort" value={loaderData.sort.key} />
            <input type="hidden" name="dir" value={loaderData.sort.dir} />
          </>
        ) : null}
        <button type="submit" className="btn btn-outline-dark">
          <FormattedMessage id="admin.fictional.searchButton" />
        </button>
      </Form>
      <DataTable
        testId="fictional-list"
        className="table align-middle"
        labelledBy="fictional-title"
        columns={fictionalColumns}
        rows={loaderData.rows}
        rowKey={(r) => r.id}
        sort={{ current: loaderData.sort }}
        empty={<FormattedMessage id="admin.fictional.empty" />}
        pagination={{ page, pages: loaderData.pages }}
      />
    </>
  )
}

type Fictional = Route.ComponentProps['loaderData']['rows'][number]

// Sorted by the loader (fictionalSortKeys), a page at a time.
const fictionalColumns: Column<Fictional>[] = [
  { id: 'id', header: '#', cell: (r) => r.id, sortKey: 'id', firstDir: 'desc' },
  { id: 'name', header: <FormattedMessage id="field.name" />, cell: (r) => <Link to={`/admin/fictional/${r.id}`}>{r.name}</Link>, sortKey: 'name' },
  { id: 'gender', header: <FormattedMessage id="profileField.gender" />, cell: (r) => <FormattedMessage id={`profileValue.gender.${r.gender}`} /> },
  { id: 'country', header: <FormattedMessage id="field.country" />, cell: (r) => r.country, sortKey: 'country' },
  {
    id: 'status',
    header: <FormattedMessage id="admin.fictional.status" />,
    cell: (r) => (
      <span className={`badge ${r.status === 'active' ? 'text-bg-success' : 'text-bg-secondary'}`}>
        <FormattedMessage id={`admin.fictional.status.${r.status}`} />
      </span>
    ),
    sortKey: 'status',
  },
]

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.fictional.title')]
