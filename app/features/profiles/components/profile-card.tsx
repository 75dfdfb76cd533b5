import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import type { ProfileCard as Card } from '../profile-types'
import { FictionalBadge } from './fictional-badge'
import { Icon } from '#app/ui/icon'

export function ProfileCardView({ profile, site, href, isNew }: { profile: Card; site: { cdnPrefix: string; fictionalIcon: string; fictionalWarning: string | null; fictionalSingular: string | null }; href?: string; isNew?: boolean }) {
  const intl = useIntl()
  const regionNames = new Intl.DisplayNames([intl.locale], { type: 'region' })
  return (
    <article className="card h-100 shadow-sm" data-testid="profile-card">
      <Link to={href ?? `/members/${profile.id}`} className="text-decoration-none text-body">
        {profile.thumb ? (
          <img src={`${site.cdnPrefix}/${profile.thumb}`} alt="" className="card-img-top profile-card-img" width={160} height={160} loading="lazy" />
        ) : (
          <div className="card-img-top profile-card-img d-flex align-items-center justify-content-center">
            <Icon name="person" className="fs-1 text-secondary" />
          </div>
        )}
        <div className="card-body p-2">
          <h2 className="h6 mb-1">
            {profile.name}, {profile.age}
            {isNew ? (
              <span className="badge text-bg-primary ms-1">
                <FormattedMessage id="likes.new" />
              </span>
            ) : null}
          </h2>
          <p className="small text-body-secondary mb-1">{[profile.city, regionNames.of(profile.country)].filter(Boolean).join(', ')}</p>
          {profile.isFictional ? <FictionalBadge site={site} /> : null}
        </div>
      </Link>
    </article>
  )
}
