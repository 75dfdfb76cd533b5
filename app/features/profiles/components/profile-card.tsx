import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import type { ProfileCard as Card } from '../profile-types'
import { FictionalBadge } from './fictional-badge'
import { Icon } from '#app/ui/icon'
import { PremiumBadge } from '#app/ui/top-nav'
import { regionNamesFor } from '#app/lib/intl-cache'

/**
 * Where a card sits in its grid decides how its photo loads: the first row is in the first viewport (2 columns on a
 * phone, 4 on a desktop), so it loads at once, and the first two at high priority (the largest paint of a
 * results page); the rest lazily. See cardPriority.
 */
export type CardPriority = 'high' | 'eager' | 'lazy'

// The card's width in the grid (app.scss, .profile-grid): 2 columns on a phone, 3 from 768 px, 4 from 992 px in a
// container of at most 1320 px.
const CARD_SIZES = '(min-width: 1200px) 300px, (min-width: 992px) 23vw, (min-width: 768px) 31vw, 47vw'

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
  footer,
}: {
  profile: Card
  site: { cdnPrefix: string; fictionalIcon: string; fictionalWarning: string | null; fictionalSingular: string | null }
  href?: string
  isNew?: boolean
  priority?: CardPriority
  /** An action under the card, outside its link (the received likes' "Like back"). */
  footer?: ReactNode
}) {
  const intl = useIntl()
  const regionNames = regionNamesFor(intl.locale)
  return (
    <article className="card h-100 shadow-sm" data-testid="profile-card">
      <Link to={href ?? `/members/${profile.id}`} className="text-decoration-none text-body">
        {/* Photo first (issue 27): the name and age are written over the photo, as dating apps do. */}
        <div className="profile-card-photo">
          {profile.thumb ? (
            <img
              src={`${site.cdnPrefix}/${profile.thumb}`}
              // The 160 px thumb is sharp up to a card of 80 px at 2× density: wider cards load the 400 px square.
              srcSet={profile.photo ? `${site.cdnPrefix}/${profile.thumb} 160w, ${site.cdnPrefix}/${profile.photo} 400w` : undefined}
              sizes={profile.photo ? CARD_SIZES : undefined}
              alt=""
              className="card-img-top profile-card-img"
              width={400}
              height={500}
              loading={priority === 'lazy' ? 'lazy' : undefined}
              fetchPriority={priority === 'high' ? 'high' : undefined}
            />
          ) : (
            <div className="card-img-top profile-card-img d-flex align-items-center justify-content-center">
              <Icon name="person" className="fs-1 text-secondary" />
            </div>
          )}
          {/* A long name is cut with an ellipsis, never broken mid-word; the age always shows (issue 28). */}
          <h2 className="profile-card-name h6 mb-0 d-flex align-items-center">
            {/* The comma goes with the name and the space with the age: "Name, 31" as text and as the heading's name. */}
            <span className="text-truncate" data-testid="profile-card-name">
              {profile.name},
            </span>
            <span className="text-nowrap ms-1"> {profile.age}</span>
            {profile.premium ? <PremiumBadge /> : null}
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
      {footer ? <div className="card-footer bg-transparent border-0 p-2 pt-0">{footer}</div> : null}
    </article>
  )
}
