import { FormattedMessage } from 'react-intl'
import { data, Link, redirect } from 'react-router'
import { SignupForm } from '#app/features/accounts/components/signup-form'
import { MemberDisclosure, MemberPhoto, useMemberPlace } from '#app/features/landers/components/member-bits'
import { loadMemberLanding } from '#app/features/landers/landers.server'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import { idParam } from '#app/lib/http.server'
import type { Route } from './+types/members-id-signup'
import { Icon } from '#app/ui/icon'

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idParam(params.id)
  if (context.viewer) throw redirect(`/members/${id}`)
  const landing = await loadMemberLanding(id)
  if (!landing) throw data(null, { status: 404 })
  return landing
}

/**
 * Member signup (/members/{id}/signup): the signup form beside the member it features. The form is the site's own
 * (it posts to /signup, which reads the tracking stored from this visit's query and the `signups` setting, and
 * shows the invite-only notice when closed). The signup flow carries no return address, so after signing up the
 * new member goes through the usual remaining steps; the page says where to find the member afterwards.
 */
export default function MemberSignup({ loaderData }: Route.ComponentProps) {
  const root = useRootData()
  const { profile } = loaderData
  const place = useMemberPlace()
  return (
    <div className="lander-member-signup">
      <div className="container">
        <div className="msu-layout">
          <aside className="msu-member" aria-labelledby="msu-member-name">
            <MemberPhoto profile={profile} className="msu-photo" size={420} />
            <div className="msu-member-body">
              <p id="msu-member-name" className="msu-name">
                {profile.name}, {profile.age}
              </p>
              <p className="msu-place">
                <Icon name="geo-alt" className="me-1" />
                {place(profile)}
              </p>
              <MemberDisclosure profile={profile} />
              {profile.aboutMe ? <p className="msu-about">{profile.aboutMe}</p> : null}
            </div>
          </aside>
          <section className="msu-form" aria-labelledby="msu-title">
            <h1 id="msu-title" className="h3">
              <FormattedMessage id={profile.isFictional ? 'lander.member.signupTitleFictional' : 'lander.member.signupTitle'} values={{ name: profile.name }} />
            </h1>
            <p className="text-body-secondary">
              <FormattedMessage id={profile.isFictional ? 'lander.member.signupLeadFictional' : 'lander.member.signupLead'} values={{ name: profile.name }} />
            </p>
            {root.signup ? <SignupForm options={root.signup} /> : null}
            <p className="mt-3 mb-0 text-center">
              <FormattedMessage id="signup.haveAccount" />{' '}
              <Link to={`/login?redirectTo=${encodeURIComponent(`/members/${profile.id}`)}`}>
                <FormattedMessage id="nav.login" />
              </Link>
            </p>
          </section>
        </div>
      </div>
    </div>
  )
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  return [
    pageTitle(matches, !d ? 'error.notFound' : d.profile.isFictional ? 'lander.member.signupTitleFictional' : 'lander.member.signupTitle', {
      name: d?.profile.name ?? '',
    }),
  ]
}
