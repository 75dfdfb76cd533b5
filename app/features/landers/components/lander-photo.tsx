import { useIntl } from 'react-intl'
import { FictionalBadge } from '#app/features/profiles/components/fictional-badge'
import type { ProfileCard } from '#app/features/profiles/profile-types'
import { useLanderRoot } from './lander-root'
import { Icon } from '#app/ui/icon'
import { regionNamesFor } from '#app/lib/intl-cache'

/** A listed profile's photo as the search cards show it (the site's own media under the cdn prefix), or a placeholder. */
export function LanderPhoto({
  profile,
  className = '',
  size = 320,
  eager = false,
  decorative = false,
  large = false,
}: {
  profile: Pick<ProfileCard, 'name' | 'thumb'> & { photo?: string | null }
  className?: string
  size?: number
  eager?: boolean
  decorative?: boolean
  /** Use the full-size main photo (large frames) instead of the thumbnail. */
  large?: boolean
}) {
  const intl = useIntl()
  const { site } = useLanderRoot()
  if (!profile.thumb) {
    return (
      <div
        className={`lander-photo-empty ${className}`}
        role={decorative ? undefined : 'img'}
        aria-label={decorative ? undefined : intl.formatMessage({ id: 'profile.photoOf' }, { name: profile.name })}
        aria-hidden={decorative || undefined}
      >
        <Icon name="person" />
      </div>
    )
  }
  return (
    <img
      src={`${site.cdnPrefix}/${large && profile.photo ? profile.photo : profile.thumb}`}
      alt={decorative ? '' : intl.formatMessage({ id: 'profile.photoOf' }, { name: profile.name })}
      className={className}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  )
}

/** The disclosure a fictional profile carries wherever it appears (the same badge as the search cards). */
export function LanderDisclosure({ profile }: { profile: Pick<ProfileCard, 'isFictional'> }) {
  const { site } = useLanderRoot()
  return profile.isFictional ? <FictionalBadge site={site} /> : null
}

/** "City, Country" in the page's language. */
export function usePlace() {
  const intl = useIntl()
  const regions = regionNamesFor(intl.locale)
  return (p: Pick<ProfileCard, 'city' | 'country'>) => [p.city, regions.of(p.country)].filter(Boolean).join(', ')
}
