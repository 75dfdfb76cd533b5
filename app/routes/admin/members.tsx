import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { Form, Link, useNavigation } from 'react-router'
import { findMembers, parseMemberQuery } from '#app/features/console/support/find-members.server'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import type { Route } from './+types/members'
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
          <input id="member-q" name="q" type="search" className="form-control" defaultValue={q} maxLength={254} aria-describedby="member-q-help" autoComplete="off" />
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
      {!searched ? null : hits.length === 0 ? (
        <p className="text-body-secondary" role="status" data-testid="members-empty">
          <FormattedMessage id="admin.members.none" values={{ q }} />
        </p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm table-hover align-middle" data-testid="member-results">
            <caption className="visually-hidden">{intl.formatMessage({ id: 'admin.members.results' })}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="admin.members.id" />
                </th>
                <th scope="col">
                  <FormattedMessage id="admin.members.name" />
                </th>
                <th scope="col">
                  <FormattedMessage id="admin.members.email" />
                </th>
                <th scope="col">
                  <FormattedMessage id="admin.members.status" />
                </th>
                <th scope="col">
                  <FormattedMessage id="admin.members.country" />
                </th>
                <th scope="col">
                  <FormattedMessage id="admin.members.signup" />
                </th>
              </tr>
            </thead>
            <tbody>
              {hits.map((m) => (
                <tr key={m.userId}>
                  <td>
                    {m.userId}
                    {m.profileId ? <span className="text-body-secondary small"> · P{m.profileId}</span> : null}
                  </td>
                  <td>
                    <Link to={`/admin/members/${m.userId}`}>{m.name ?? intl.formatMessage({ id: 'admin.members.noProfile' })}</Link>
                  </td>
                  <td className="text-break">{m.email}</td>
                  <td>
                    <FormattedMessage id={`admin.member.status.${m.status}`} />
                  </td>
                  <td>{m.country ?? ''}</td>
                  <td className="text-nowrap">
                    <FormattedDate value={m.signupDate} dateStyle="medium" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next ? (
        <Link to={`?q=${encodeURIComponent(q)}&after=${encodeURIComponent(next)}`} className="btn btn-outline-dark btn-sm">
          <FormattedMessage id="admin.members.more" />
        </Link>
      ) : null}
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.members.title')]
