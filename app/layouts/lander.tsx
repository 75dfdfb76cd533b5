import { FormattedMessage } from 'react-intl'
import { Link, Outlet } from 'react-router'
import { Footer } from '#app/ui/footer'
import { LanguageDropdown } from '#app/ui/language-dropdown'
import { useRootData } from './use-root-data'

/** Lander layout: a small top bar with the logo linking to /, the content and the footer (spec section 2). */
export default function LanderLayout() {
  const root = useRootData()
  return (
    <>
      <header className="border-bottom bg-white">
        <nav className="container d-flex align-items-center gap-2 py-2">
          <Link to="/" className="fw-bold text-primary me-auto fs-4 text-decoration-none">
            <i className="bi bi-heart-fill me-1" aria-hidden="true" />
            {root.site.name}
          </Link>
          <Link to={root.viewer ? '/members' : '/login'} className="btn btn-primary btn-sm">
            <FormattedMessage id={root.viewer ? 'nav.search' : 'nav.login'} />
          </Link>
          <LanguageDropdown current={root.locale} />
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <Footer siteName={root.site.name} />
    </>
  )
}
