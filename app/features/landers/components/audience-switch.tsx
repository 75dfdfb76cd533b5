import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useLocation } from 'react-router'
import type { Audience } from '../lander-slug'

/** Links between a lander's women and men variants (the slug), keeping the visit's query. */
export function AudienceSwitch({ base, audience, className = '' }: { base: string; audience: Audience; className?: string }) {
  const { search } = useLocation()
  const intl = useIntl()
  return (
    <nav className={`lander-audience ${className}`} aria-label={intl.formatMessage({ id: 'lander.audienceLabel' })}>
      <ul className="nav nav-pills gap-2">
        {(['female', 'male'] as const).map((a) => (
          <li className="nav-item" key={a}>
            <Link
              to={`${base}/${a === 'female' ? 'women' : 'men'}${search}`}
              className={`nav-link${a === audience ? ' active' : ''}`}
              aria-current={a === audience ? 'page' : undefined}
            >
              <FormattedMessage id={a === 'female' ? 'lander.showWomen' : 'lander.showMen'} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
