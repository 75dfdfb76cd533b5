import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { Form, Link, useNavigation } from 'react-router'
import { findMembers, parseMemberQuery } from '#app/features/console/support/find-members.server'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import type { Route } from './+types/members'
import { DataTable, type Column } from '#app/ui/data-table'
import { Icon } from '#app/ui/icon'

export async function loader({ request }: Route.LoaderArgs) {
  await requireOperator(request, 'members.view')
  const url = new URL(request.url)
  const q = (url.searchParams.get('q') ?? '').slice(0, 254)
  const query = parseMemberQuery(q)
  const { hits, next } = await findMembers(query, url.searchParams.get('after'))
  return { q, searched: query.kind !== 'none', hits, next }
}

/** Support's member search: by account or profile id, e-mail address (any case) or the start of a name. */
export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  const intl = useIntl()
  const navigation = useNavigation()
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/admin/members'
  const { q, searched, hits, next } = loaderData
  return (
    <>
      <h1 className="h3 mb-3">
        <FormattedMessage id="admin.members.title" />
      </h1>
      <Form method="get" role="search" className="row g-2 align-items-end mb-4" style={{ maxWidth: 640 }}>
        <div className="col-sm">
          <label htmlFor="member-q" className="form-label">
            <FormattedMessage id="admin.members.search" />
          </label>
          <input
            id="member-q"
            name="q"
            type="search"
            className="form-control"
            defaultValue={q}
            maxLength={254}
            aria-describedby="member-q-help"
            autoComplete="off"
          />
          <div id="member-q-help" className="form-text">
            <FormattedMessage id="admin.members.searchHelp" />
          </div>
        </div>
        <div className="col-sm-auto mb-sm-4">
          <button type="submit" className="btn btn-dark" disabled={searching}>
            {searching ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : <Icon name="search" className="me-2" />}
            <FormattedMessage id="admin.members.find" />
          </button>
        </div>
      </Form>
      {searched ? (
        <DataTable
          testId="member-results"
          className="table table-sm table-hover align-middle"
          caption={intl.formatMessage({ id: 'admin.members.results' })}
          columns={memberColumns(intl.formatMessage({ id: 'admin.members.noProfile' }))}
          rows={hits}
          rowKey={(m) => m.userId}
          empty={<FormattedMessage id="admin.members.none" values={{ q }} />}
          emptyProps={{ role: 'status', 'data-testid': 'members-empty' }}
        />
      ) : null}
      {next ? (
        <Link to={`?q=${encodeURIComponent(q)}&after=${encodeURIComponent(next)}`} className="btn btn-outline-dark btn-sm">
          <FormattedMessage id="admin.members.more" />
        </Link>
      ) : null}
    </>
  )
}

type Hit = Route.ComponentProps['loaderData']['hits'][number]

// Not sortable: the results page by a cursor on their search key (find-members.server.ts), which a sort would break.
const memberColumns = (noProfile: string): Column<Hit>[] => [
  {
    id: 'id',
    header: <FormattedMessage id="admin.members.id" />,
    cell: (m) => (
      <>
        {m.userId}
        {m.profileId ? <span className="text-body-secondary small"> · P{m.profileId}</span> : null}
      </>
    ),
  },
  { id: 'name', header: <FormattedMessage id="admin.members.name" />, cell: (m) => <Link to={`/admin/members/${m.userId}`}>{m.name ?? noProfile}</Link> },
  { id: 'email', header: <FormattedMessage id="admin.members.email" />, cell: (m) => m.email, className: 'text-break' },
  { id: 'status', header: <FormattedMessage id="admin.members.status" />, cell: (m) => <FormattedMessage id={`admin.member.status.${m.status}`} /> },
  { id: 'country', header: <FormattedMessage id="admin.members.country" />, cell: (m) => m.country ?? '' },
  {
    id: 'signup',
    header: <FormattedMessage id="admin.members.signup" />,
    cell: (m) => <FormattedDate value={m.signupDate} dateStyle="medium" />,
    className: 'text-nowrap',
  },
]

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.members.title')]
