import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Form, isRouteErrorResponse, NavLink, Outlet, useLoaderData, useRouteError } from 'react-router'
import { sectionsFor } from '#app/features/console/operators/console-nav'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { ErrorPage } from '#app/ui/error-page'
import type { Route } from './+types/admin'
import { useRootData } from './use-root-data'
import { Icon } from '#app/ui/icon'

export async function loader({ request }: Route.LoaderArgs) {
  const operator = await requireOperator(request)
  return { operator: { name: operator.name, role: operator.role }, sections: sectionsFor(operator.role) }
}

/** The operator console (issue 13): its own navigation by role, apart from the member site. */
export default function AdminLayout() {
  const { operator, sections } = useLoaderData<typeof loader>()
  return (
    <ConsoleFrame operator={operator} sections={sections}>
      <Outlet />
    </ConsoleFrame>
  )
}

function ConsoleFrame({
  operator,
  sections,
  children,
}: {
  operator: { name: string; role: string } | null
  sections: ReturnType<typeof sectionsFor>
  children: ReactNode
}) {
  const intl = useIntl()
  const root = useRootData()
  return (
    <div className="admin-console">
      <header className="navbar navbar-dark bg-dark px-3">
        <span className="navbar-brand mb-0 h1 fs-6">
          <Icon name="shield-lock" className="me-2" />
          <FormattedMessage id="admin.console" values={{ name: root.site.name }} />
        </span>
        {operator ? (
          <div className="d-flex align-items-center gap-3 text-white small">
            <span data-testid="operator-name">
              {operator.name} · <FormattedMessage id={`admin.role.${operator.role}`} />
            </span>
            <Form method="post" action="/admin/logout">
              <button type="submit" className="btn btn-sm btn-outline-light">
                <FormattedMessage id="admin.logout" />
              </button>
            </Form>
          </div>
        ) : null}
      </header>
      <div className="container-fluid">
        <div className="row">
          <nav className="col-md-3 col-lg-2 border-end bg-body-tertiary py-3" aria-label={intl.formatMessage({ id: 'admin.nav.label' })}>
            <ul className="nav nav-pills flex-column gap-1">
              {sections.map((s) => (
                <li key={s.to} className="nav-item">
                  <NavLink to={s.to} end className={({ isActive }) => `nav-link${isActive ? ' active bg-dark' : ' link-body-emphasis'}`}>
                    <Icon name={s.icon} className="me-2" />
                    <FormattedMessage id={s.labelId} />
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <main id="main" className="col-md-9 col-lg-10 py-4">
            {children}
          </main>
        </div>
      </div>
    </div>
  )
}

/** A refused or failed console page keeps the console frame (403 for a role without the permission). */
export function ErrorBoundary() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <ConsoleFrame operator={null} sections={[]}>
      <ErrorPage status={status} inside />
    </ConsoleFrame>
  )
}
