import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { data, redirect } from 'react-router'
import { LanderLoginLink } from '#app/features/landers/components/lander-cta'
import { useLanderRoot } from '#app/features/landers/components/lander-root'
import { MemberDisclosure, MemberPhoto, MemberSignupCta, MorePhotosNote } from '#app/features/landers/components/member-bits'
import { loadMemberLanding } from '#app/features/landers/landers.server'
import { pageTitle } from '#app/i18n/meta'
import { idParam } from '#app/lib/http.server'
import type { Route } from './+types/members-id-landing3'
import { Icon } from '#app/ui/icon'
import type { IconName } from '#app/ui/icon-names'
import { regionNamesFor } from '#app/lib/intl-cache'

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idParam(params.id)
  if (context.viewer) throw redirect(`/members/${id}`)
  // The optional slug only tells campaigns apart (it stays in the address); the page is the same.
  const landing = await loadMemberLanding(id)
  if (!landing) throw data(null, { status: 404 })
  return landing
}

/**
 * Member landing 3 (/members/{id}/landing3/{slug?}): a magazine cover. Big type, the photo as the cover image,
 * the profile's facts as cover lines.
 */
export default function MemberLanding3({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData
  const { site } = useLanderRoot()
  const intl = useIntl()
  const regions = regionNamesFor(intl.locale)
  const lines: { icon: IconName; label: ReactNode; value: string | null; interests?: typeof profile.interests }[] = [
    { icon: 'calendar-heart', label: <FormattedMessage id="lander.member.age" />, value: String(profile.age) },
    { icon: 'geo-alt', label: <FormattedMessage id="lander.member.from" />, value: [profile.city, regions.of(profile.country)].filter(Boolean).join(', ') },
    ...(profile.interests.length
      ? [{ icon: 'heart' as const, label: <FormattedMessage id="profile.interests" />, value: null as string | null, interests: profile.interests }]
      : []),
  ]
  return (
    <div className="lander-cover">
      <div className="container">
        <article className="cover" aria-labelledby="member-name">
          <div className="cover-image">
            <MemberPhoto profile={profile} className="cover-photo" />
            <p className="cover-masthead" aria-hidden="true">
              {site.name}
            </p>
          </div>
          <div className="cover-text">
            <h1 id="member-name" className="cover-name">
              {profile.name}
              <span className="cover-age">{profile.age}</span>
            </h1>
            <MemberDisclosure profile={profile} />
            {profile.aboutMe ? <p className="cover-quote">“{profile.aboutMe}”</p> : null}
            <dl className="cover-lines">
              {lines.map((l, i) => (
                <div key={i}>
                  <dt>
                    <Icon name={l.icon} className="me-2" />
                    {l.label}
                  </dt>
                  <dd>
                    {'interests' in l && l.interests
                      ? l.interests.map((x) => (
                          <FormattedMessage key={x.slug} id={`interest.${x.slug}`}>
                            {(t) => <span className="cover-chip">{t}</span>}
                          </FormattedMessage>
                        ))
                      : l.value}
                  </dd>
                </div>
              ))}
            </dl>
            <MorePhotosNote profile={profile} className="small text-body-secondary" />
            <MemberSignupCta profile={profile} className="btn btn-dark btn-lg cover-cta" />
            <p className="mt-3 mb-0 small">
              <LanderLoginLink />
            </p>
          </div>
        </article>
      </div>
    </div>
  )
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  return [pageTitle(matches, d ? 'lander.member.title' : 'error.notFound', { name: d?.profile.name ?? '' })]
}
