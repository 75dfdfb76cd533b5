import { FormattedMessage } from 'react-intl'
import { data, Link, redirect } from 'react-router'
import { SignupForm } from '#app/features/accounts/components/signup-form'
import { MemberDisclosure, MemberPhoto, useMemberPlace } from '#app/features/landers/components/member-bits'
import { loadMemberLanding } from '#app/features/landers/landers.server'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import { idParam } from '#app/lib/http.server'
import { signupAction } from './signup-action.server'
import type { Route } from './+types/members-id-signup'
import { Icon } from '#app/ui/icon'

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idParam(params.id)
  if (context.viewer) throw redirect(`/members/${id}`)
  const landing = await loadMemberLanding(id)
  if (!landing) throw data(null, { status: 404 })
  return landing
}

/** The signup form of this page posts here: /signup's action, and the first message to this member when one was written. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = idParam(params.id)
  const landing = await loadMemberLanding(id)
  if (!landing) throw data(null, { status: 404 })
  // Nobody writes to a fictional profile (the form has no message field there); a message posted anyway is dropped.
  return signupAction(request, context, { messageTo: landing.profile.isFictional ? undefined : id })
}

/**
 * Member signup (/members/{id}/signup): the signup form beside the member it features. The form is the site's own
 * (its action is /signup's, which reads the tracking stored from this visit's query and the `signups` setting, and
 * shows the invite-only notice when closed), with a first message to a real member. The signup flow carries no
 * return address, so after signing up the new member goes through the usual remaining steps; the page says where
 * to find the member afterwards.
 */
export default function MemberSignup({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData()
  const { profile } = loaderData
  const place = useMemberPlace()
  return (
    // A light page by design (its white cards and tinted background): in dark mode its text and fields took the dark
    // colours and the heading was grey on white. The page keeps the light mode whatever the device's.
    <div className="lander-member-signup" data-bs-theme="light">
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
            {root.signup ? (
              <SignupForm
                options={root.signup}
                action={`/members/${profile.id}/signup`}
                messageTo={profile.isFictional ? undefined : { name: profile.name }}
                lastResult={actionData?.result}
                closed={actionData?.closed}
              />
            ) : null}
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
