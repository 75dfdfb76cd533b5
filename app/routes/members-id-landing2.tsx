import { FormattedMessage, useIntl } from 'react-intl'
import { data, redirect } from 'react-router'
import { LanderLoginLink } from '#app/features/landers/components/lander-cta'
import { LanderDisclosure, LanderPhoto } from '#app/features/landers/components/lander-photo'
import { useLanderRoot } from '#app/features/landers/components/lander-root'
import { MemberDisclosure, MemberFacts, MemberPhoto, MemberSignupCta, MorePhotosNote, useMemberPlace } from '#app/features/landers/components/member-bits'
import { loadMemberLanding } from '#app/features/landers/landers.server'
import { pageTitle } from '#app/i18n/meta'
import { idParam } from '#app/lib/http.server'
import type { Route } from './+types/members-id-landing2'
import { Icon } from '#app/ui/icon'
import { regionNamesFor } from '#app/lib/intl-cache'

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idParam(params.id)
  if (context.viewer) throw redirect(`/members/${id}`)
  // The optional slug only tells campaigns apart (it stays in the address); the page is the same.
  const landing = await loadMemberLanding(id, 4)
  if (!landing) throw data(null, { status: 404 })
  return landing
}

/**
 * Member landing 2 (/members/{id}/landing2/{slug?}): a spotlight. The member's photo, blurred, fills the stage
 * behind a frosted card; below, more listed people from the same country.
 */
export default function MemberLanding2({ loaderData }: Route.ComponentProps) {
  const { profile, more } = loaderData
  const { site } = useLanderRoot()
  const place = useMemberPlace()
  const intl = useIntl()
  const regions = regionNamesFor(intl.locale)
  const backdrop = profile.mainImage?.status === 'active' ? `url("${site.cdnPrefix}/${profile.mainImage.match}")` : undefined
  return (
    <div className="lander-spotlight">
      <section className="spot-stage" style={backdrop ? { ['--spot-bg' as string]: backdrop } : undefined}>
        <div className="container">
          <article className="spot-card" aria-labelledby="member-name">
            <div className="spot-photo-wrap">
              <MemberPhoto profile={profile} className="spot-photo" size={320} />
            </div>
            <p className="spot-kicker">
              <Icon name="stars" className="me-1" />
              <FormattedMessage id="lander.member.spotlight" />
            </p>
            <h1 id="member-name" className="spot-name">
              {profile.name}, {profile.age}
            </h1>
            <p className="spot-place">
              <Icon name="geo-alt" className="me-1" />
              {place(profile)}
            </p>
            <MemberDisclosure profile={profile} />
            {profile.aboutMe ? <p className="spot-about">{profile.aboutMe}</p> : null}
            <MemberFacts profile={profile} className="spot-facts" />
            <MorePhotosNote profile={profile} className="small text-body-secondary" />
            <MemberSignupCta profile={profile} className="btn btn-primary btn-lg w-100" />
            <p className="mt-3 mb-0 small">
              <LanderLoginLink />
            </p>
          </article>
        </div>
      </section>
      {more.length ? (
        <section className="container spot-more" aria-labelledby="spot-more-title">
          <h2 id="spot-more-title" className="h4 text-center">
            <FormattedMessage id="lander.member.more" values={{ country: regions.of(profile.country) ?? profile.country }} />
          </h2>
          <ul className="spot-more-list list-unstyled">
            {more.map((p) => (
              <li key={p.id}>
                <LanderPhoto profile={p} className="spot-more-photo" size={160} />
                <span className="fw-semibold">
                  {p.name}, {p.age}
                </span>
                <LanderDisclosure profile={p} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  return [pageTitle(matches, d ? 'lander.member.title' : 'error.notFound', { name: d?.profile.name ?? '' })]
}
