import { FormattedMessage } from 'react-intl'
import { Outlet } from 'react-router'
import { useRootData } from './use-root-data'
import { Icon } from '#app/ui/icon'

/** The console's login steps: a plain card, apart from the member site (issue 13). */
export default function AdminAuthLayout() {
  const root = useRootData()
  return (
    <main id="main" className="container py-5">
      <div className="row justify-content-center">
        <div className="col-sm-10 col-md-7 col-lg-5">
          <p className="text-body-secondary small mb-2">
            <Icon name="shield-lock" className="me-1" />
            <FormattedMessage id="admin.console" values={{ name: root.site.name }} />
          </p>
          <div className="card shadow-sm">
            <div className="card-body p-4">
              <Outlet />
            </div>
          </div>
        </div>
      </div>
    </main>
  )
}
