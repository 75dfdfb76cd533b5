import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import type { ProfileCard as Card } from '../profile-types'
import { FictionalBadge } from './fictional-badge'
import { Icon } from '#app/ui/icon'

/**
 * Where a card sits in its grid decides how its photo loads: the first row is in the first viewport (2 columns on a
 * phone, 4 on a desktop), so it loads at once, and the first two at high priority (the largest paint of a
 * results page); the rest lazily. See cardPriority.
 */
export type CardPriority = 'high' | 'eager' | 'lazy'

/** The loading priority of the card at `index` (0-based) of a results grid. */
export function cardPriority(index: number): CardPriority {
  return index < 2 ? 'high' : index < 4 ? 'eager' : 'lazy'
}

export function ProfileCardView({
  profile,
  site,
  href,
  isNew,
  priority = 'lazy',
}: {
  profile: Card
  site: { cdnPrefix: string; fictionalIcon: string; fictionalWarning: string | null; fictionalSingular: string | null }
  href?: string
  isNew?: boolean
  priority?: CardPriority
}) {
  const intl = useIntl()
  const regionNames = new Intl.DisplayNames([intl.locale], { type: 'region' })
  return (
    <article className="card h-100 shadow-sm" data-testid="profile-card">
      <Link to={href ?? `/members/${profile.id}`} className="text-decoration-none text-body">
        {/* Photo first (issue 27): the name and age are written over the photo, as dating apps do. */}
        <div className="profile-card-photo">
          {profile.thumb ? (
            <img
              src={`${site.cdnPrefix}/${profile.thumb}`}
              alt=""
              className="card-img-top profile-card-img"
              width={160}
              height={160}
              loading={priority === 'lazy' ? 'lazy' : undefined}
              fetchPriority={priority === 'high' ? 'high' : undefined}
            />
          ) : (
            <div className="card-img-top profile-card-img d-flex align-items-center justify-content-center">
              <Icon name="person" className="fs-1 text-secondary" />
            </div>
          )}
          <h2 className="profile-card-name h6 mb-0 text-break">
            {profile.name}, {profile.age}
            {isNew ? (
              <span className="badge text-bg-primary ms-1">
                <FormattedMessage id="likes.new" />
              </span>
            ) : null}
          </h2>
        </div>
        <div className="card-body p-2">
          <p className="small text-body-secondary mb-1">{[profile.city, regionNames.of(profile.country)].filter(Boolean).join(', ')}</p>
          {profile.isFictional ? <FictionalBadge site={site} /> : null}
        </div>
      </Link>
    </article>
  )
}
