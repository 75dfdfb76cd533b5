import { FormattedMessage } from 'react-intl'
import { Link, redirect } from 'react-router'
import { SignupForm } from '#app/features/accounts/components/signup-form'
import { signupOptionsFor } from '#app/routes/-helpers/signup-options.server'
import { signupAction } from './signup-action.server'
import { pageTitle } from '#app/i18n/meta'
import type { Route } from './+types/signup'
import type { SeoHandle } from '#app/ui/seo-tags'

/** og:title of the public page (app/ui/seo-tags.tsx). */
export const handle: SeoHandle = { seo: () => ({ titleId: 'signup.title' }) }

export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.viewer) throw redirect('/members')
  return signupOptionsFor(request, context)
}

export async function action({ request, context }: Route.ActionArgs) {
  return signupAction(request, context)
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="row justify-content-center">
      <div className="col-sm-10 col-md-8 col-lg-6">
        <h1 className="h3 mb-4">
          <FormattedMessage id="signup.title" />
        </h1>
        <SignupForm options={loaderData} lastResult={actionData?.result} closed={actionData?.closed} />
        <p className="mt-3 text-center">
          <FormattedMessage id="signup.haveAccount" />{' '}
          <Link to="/login">
            <FormattedMessage id="nav.login" />
          </Link>
        </p>
      </div>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'signup.title')]
}
