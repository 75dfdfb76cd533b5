import { FormattedMessage, useIntl } from 'react-intl'
import { FictionalWarning } from '#app/features/profiles/components/fictional-badge'
import type { MemberLanding } from '../landers.server'
import { LanderSignupCta } from './lander-cta'
import { useLanderRoot } from './lander-root'
import { Icon } from '#app/ui/icon'
import { regionNamesFor } from '#app/lib/intl-cache'

type Profile = MemberLanding['profile']

/** The member's main photo (only an active one; the same file the profile page shows), or a placeholder. */
export function MemberPhoto({ profile, className = '', size = 600 }: { profile: Profile; className?: string; size?: number }) {
  const intl = useIntl()
  const { site } = useLanderRoot()
  const alt = intl.formatMessage({ id: 'profile.photoOf' }, { name: profile.name })
  if (profile.mainImage?.status !== 'active') {
    return (
      <div className={`lander-photo-empty ${className}`} role="img" aria-label={alt}>
        <Icon name="person" />
      </div>
    )
  }
  return <img src={`${site.cdnPrefix}/${profile.mainImage.filename}`} alt={alt} className={className} width={size} height={size} />
}

/** The full disclosure of a fictional profile, as on its profile page. */
export function MemberDisclosure({ profile }: { profile: Profile }) {
  const { site } = useLanderRoot()
  return profile.isFictional ? <FictionalWarning site={site} /> : null
}

/** City, region and country as the profile page writes them (region and city only when the settings show them). */
export function useMemberPlace() {
  const intl = useIntl()
  const regions = regionNamesFor(intl.locale)
  return (p: Profile) => [p.city, p.region, regions.of(p.country)].filter(Boolean).join(', ')
}

/**
 * The signup button of a member landing. A fictional profile receives no messages, so its landing promises a
 * like, never a conversation.
 */
export function MemberSignupCta({ profile, className, noticeClassName }: { profile: Profile; className?: string; noticeClassName?: string }) {
  return (
    <LanderSignupCta className={className} noticeClassName={noticeClassName}>
      <Icon name={profile.isFictional ? 'heart-fill' : 'chat-heart-fill'} className="me-2" />
      <FormattedMessage id={profile.isFictional ? 'lander.member.ctaLike' : 'lander.member.ctaChat'} values={{ name: profile.name }} />
    </LanderSignupCta>
  )
}

/** Details and interests the settings let visitors see. */
export function MemberFacts({ profile, className = '' }: { profile: Profile; className?: string }) {
  const intl = useIntl()
  const fields = Object.entries(profile.fields)
  if (!fields.length && !profile.interests.length) return null
  return (
    <div className={className}>
      {fields.length ? (
        <dl className="member-facts">
          {fields.map(([k, v]) => (
            <div key={k}>
              <dt>
                <FormattedMessage id={`profileField.${k}`} />
              </dt>
              <dd>
                {typeof v === 'boolean' ? intl.formatMessage({ id: v ? 'common.yes' : 'common.no' }) : intl.formatMessage({ id: `profileValue.${k}.${v}` })}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {profile.interests.length ? (
        <ul className="member-interests list-unstyled" aria-label={intl.formatMessage({ id: 'profile.interests' })}>
          {profile.interests.map((i) => (
            <li key={i.slug}>
              <Icon name={i.icon} className="me-1" />
              <FormattedMessage id={`interest.${i.slug}`} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** "Sign up to see all 3 photos" when the member has more photos than the one a visitor sees. */
export function MorePhotosNote({ profile, className = '' }: { profile: Profile; className?: string }) {
  if (profile.images.length < 2) return null
  return (
    <p className={className}>
      <Icon name="images" className="me-2" />
      <FormattedMessage id="lander.member.morePhotos" values={{ count: profile.images.length }} />
    </p>
  )
}
