import { FormattedMessage } from 'react-intl'
import { data, redirect } from 'react-router'
import { LanderLoginLink } from '#app/features/landers/components/lander-cta'
import { MemberDisclosure, MemberFacts, MemberPhoto, MemberSignupCta, MorePhotosNote, useMemberPlace } from '#app/features/landers/components/member-bits'
import { loadMemberLanding } from '#app/features/landers/landers.server'
import { pageTitle } from '#app/i18n/meta'
import { idParam } from '#app/lib/http.server'
import type { Route } from './+types/members-id-landing'
import { Icon } from '#app/ui/icon'

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idParam(params.id)
  if (context.viewer) throw redirect(`/members/${id}`)
  const landing = await loadMemberLanding(id)
  if (!landing) throw data(null, { status: 404 })
  return landing
}

/**
 * Member landing (/members/{id}/landing): one member's profile as a visitor may see it, in a split hero with the
 * photo, their own words and the signup. Not indexed (the /members area; app/lib/seo.ts).
 */
export default function MemberLandingPage({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData
  const place = useMemberPlace()
  return (
    <div className="lander-member">
      <div className="container">
        <article className="member-split" aria-labelledby="member-name">
          <div className="member-split-photo">
            <MemberPhoto profile={profile} className="member-photo" />
            <span className="member-photo-tag">
              <Icon name="geo-alt-fill" className="me-1" />
              {place(profile)}
            </span>
          </div>
          <div className="member-split-body">
            <p className="member-kicker">
              <FormattedMessage id="lander.member.kicker" />
            </p>
            <h1 id="member-name" className="member-name">
              {profile.name}, {profile.age}
            </h1>
            <MemberDisclosure profile={profile} />
            {profile.aboutMe ? (
              <blockquote className="member-quote">
                <p className="mb-0">{profile.aboutMe}</p>
              </blockquote>
            ) : null}
            <MemberFacts profile={profile} className="mb-3" />
            <MorePhotosNote profile={profile} className="text-body-secondary" />
            <div className="d-flex flex-wrap align-items-center gap-3 mt-2">
              <MemberSignupCta profile={profile} className="btn btn-primary btn-lg" />
              <LanderLoginLink />
            </div>
          </div>
        </article>
      </div>
    </div>
  )
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  return [pageTitle(matches, d ? 'lander.member.title' : 'error.notFound', { name: d?.profile.name ?? '' })]
}
