import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { sectionsFor } from '#app/features/operators/console-nav'
import { requireOperator } from '#app/features/operators/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.home.title')]

export async function loader({ request }: Route.LoaderArgs) {
  const operator = await requireOperator(request, 'dashboard.view')
  return { name: operator.name, role: operator.role, sections: sectionsFor(operator.role).filter((s) => s.to !== '/admin') }
}

/** The console's start page: who is signed in and the sections this role may open. */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="h3">
        <FormattedMessage id="admin.home.title" />
      </h1>
      <p className="text-body-secondary">
        <FormattedMessage id="admin.home.welcome" values={{ name: loaderData.name, role: <FormattedMessage id={`admin.role.${loaderData.role}`} /> }} />
      </p>
      <div className="row g-3">
        {loaderData.sections.map((s) => (
          <div key={s.to} className="col-sm-6 col-xl-4">
            <Link to={s.to} className="card h-100 text-decoration-none link-body-emphasis">
              <div className="card-body">
                <i className={`bi bi-${s.icon} fs-3`} aria-hidden="true" />
                <h2 className="h6 mt-2 mb-0">
                  <FormattedMessage id={s.labelId} />
                </h2>
              </div>
            </Link>
          </div>
        ))}
      </div>
    </>
  )
}
