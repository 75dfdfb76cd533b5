import { FormattedMessage } from 'react-intl'
import { redirect } from 'react-router'
import { SignupForm } from '#app/features/accounts/components/signup-form'
import { signupOptionsFor } from '#app/routes/-helpers/signup-options.server'
import { signupAction } from './signup-action.server'
import { cardPriority, ProfileCardView } from '#app/features/profiles/components/profile-card'
import { parseSearchQuery } from '#app/features/search/search.schema'
import { searchMembers } from '#app/features/search/search-members.server'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import type { Route } from './+types/signup-matches'

/** Signup beside a preview of matching members (gender, country and age from the query). */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.viewer) throw redirect('/members')
  const options = await signupOptionsFor(request, context)
  const query = parseSearchQuery(new URL(request.url).searchParams, { gender: options.defaultLookingFor, country: options.defaultCountry })
  const matches = await searchMembers(null, { ...query, page: 1 }, 8)
  return { options, matches: matches.profiles, total: matches.total }
}

export async function action({ request, context }: Route.ActionArgs) {
  return signupAction(request, context)
}

export default function SignupMatches({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData()
  return (
    <div className="row g-4">
      <div className="col-lg-7">
        <h1 className="h3">
          <FormattedMessage id="signupMatches.title" values={{ count: loaderData.total }} />
        </h1>
        <div className="profile-grid">
          {loaderData.matches.map((p, i) => (
            <ProfileCardView key={p.id} profile={p} site={root.site} href="#signup-form" priority={cardPriority(i)} />
          ))}
        </div>
      </div>
      <div className="col-lg-5" id="signup-form">
        <h2 className="h4 mb-3">
          <FormattedMessage id="signup.title" />
        </h2>
        <SignupForm options={loaderData.options} lastResult={actionData?.result} closed={actionData?.closed} />
      </div>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'signup.title')]
}
