import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'

// Spec section 2: the nine footer links, in this order, then the rights line.
const links = [
  ['/pages/terms', 'footer.terms'],
  ['/pages/privacy', 'footer.privacy'],
  ['/pages/cookies', 'footer.cookies'],
  ['/pages/ban', 'footer.ban'],
  ['/pricing', 'footer.pricing'],
  ['/complaints', 'footer.complaints'],
  ['/pages/return-policy', 'footer.returns'],
  ['/pages/faq', 'footer.faq'],
  ['/pages/service', 'footer.service'],
] as const

export interface UsFooter {
  company: string
  address: string
}

/** The site's footer; `languageSwitch` is the member's language menu, which the header leaves out to make room. */
export function Footer({ siteName, usFooter = null, languageSwitch }: { siteName: string; usFooter?: UsFooter | null; languageSwitch?: ReactNode }) {
  const intl = useIntl()
  return (
    <footer className="border-top mt-5 py-4 text-body-secondary small">
      <div className="container">
        <nav aria-label={intl.formatMessage({ id: 'footer.nav' })}>
          <ul className="list-inline mb-2" data-testid="footer-links">
            {links.map(([to, id]) => (
              <li key={to} className="list-inline-item me-3">
                {/* d-inline-block py-1: a 24 px tall target, as WCAG 2.5.8 (axe target-size) asks of a list of links. */}
                <Link to={to} className="text-body-secondary d-inline-block py-1">
                  <FormattedMessage id={id} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {languageSwitch ? <div className="footer-language mb-3">{languageSwitch}</div> : null}
        <div className="d-flex flex-wrap justify-content-between gap-2">
          <span>
            <FormattedMessage id="footer.rights" values={{ year: new Date().getFullYear(), name: siteName }} />
          </span>
          <span>
            <FormattedMessage id="footer.adultsOnly" />
          </span>
        </div>
        {usFooter ? (
          <div className="mt-2" data-testid="us-footer">
            <p className="mb-1">
              <FormattedMessage id="footer.us.operator" values={{ name: siteName, company: usFooter.company, address: usFooter.address }} />
            </p>
            <p className="mb-0">
              <FormattedMessage id="footer.us.age" />{' '}
              <FormattedMessage
                id="footer.us.privacy"
                values={{
                  link: (chunks) => (
                    <Link to="/pages/privacy" className="text-body-secondary">
                      {chunks}
                    </Link>
                  ),
                }}
              />
            </p>
          </div>
        ) : null}
      </div>
    </footer>
  )
}
