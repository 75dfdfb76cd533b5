import { FormattedMessage } from 'react-intl'
import { Link, Outlet, useLocation } from 'react-router'
import { EntryWarning } from '#app/features/visitors/components/entry-warning'
import { Disclaimer } from '#app/ui/disclaimer'
import { Footer } from '#app/ui/footer'
import { LanguageDropdown } from '#app/ui/language-dropdown'
import { useRootData } from './use-root-data'
import { Icon } from '#app/ui/icon'
import landerStylesheet from '#app/styles/landers-page.scss?url'
import type { Route } from './+types/lander'
import type { ColorSchemeHandle } from '#app/lib/color-mode'

// The landers' styles load with the landers only; the rest of the site never downloads them (issue 26).
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: landerStylesheet }]

// The landers were drawn for light pages (their art, cards and colours): they stay light in dark mode (issue 27).
export const handle: ColorSchemeHandle = { colorScheme: 'light' }

/**
 * Lander layout: a small top bar with the logo linking to /, the content, the footer, the lander's disclaimer and
 * the entry warning for visitors from NL and DE (spec section 2). The home page, where most visitors arrive, shows
 * the warning as the settings say, to every country on their list (decision record 038).
 */
export default function LanderLayout() {
  const root = useRootData()
  const home = useLocation().pathname === '/'
  return (
    <>
      <header className="border-bottom bg-white">
        <nav className="container d-flex align-items-center gap-2 py-2">
          <Link to="/" className="fw-bold text-primary me-auto fs-4 text-decoration-none">
            <Icon name="heart-fill" className="me-1" />
            {root.site.name}
          </Link>
          <Link to={root.viewer ? '/members' : '/login'} className="btn btn-primary btn-sm">
            <FormattedMessage id={root.viewer ? 'nav.search' : 'nav.login'} />
          </Link>
          <LanguageDropdown current={root.locale} available={root.visitor.languages} />
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <Footer siteName={root.site.name} usFooter={root.site.usFooter} />
      <Disclaimer kind="lander" siteName={root.site.name} minimumAge={root.site.minimumAge} />
      <EntryWarning
        show={home ? root.visitor.entryWarning.all : root.visitor.entryWarning.restricted}
        siteName={root.site.name}
        minimumAge={root.site.minimumAge}
      />
    </>
  )
}
