import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { readAppealLink } from '#app/features/console/moderation/appeal-link.server'
import { AccountDecisions } from '#app/features/console/moderation/components/account-decisions'
import { listMemberDecisions } from '#app/features/console/moderation/decisions.server'
import { appealAction } from '#app/routes/-helpers/appeal-reply.server'
import { pageTitle } from '#app/i18n/meta'
import { readFormData } from '#app/lib/form-data.server'
import type { Route } from './+types/appeal'

export async function loader({ params }: Route.LoaderArgs) {
  const found = await linkedDecision(params.token)
  return { decision: found?.decision ?? null }
}

/** The decision a signed link names, when it belongs to the link's member. */
async function linkedDecision(token: string | undefined) {
  const link = readAppealLink(token)
  if (!link) return null
  const decision = (await listMemberDecisions(link.userId)).find((d) => d.id === link.decisionId)
  return decision ? { userId: link.userId, decision } : null
}

/** The appeal of that one decision; the form is the same as on /notifications. */
export async function action({ request, params }: Route.ActionArgs) {
  const found = await linkedDecision(params.token)
  if (!found) throw new Response('Not Found', { status: 404 })
  const form = await readFormData(request)
  if (Number(form.get('decisionId')) !== found.decision.id) throw new Response('Bad Request', { status: 400 })
  return appealAction(found.userId, form)
}

/**
 * /appeal/{signed link}: a member who cannot log in (suspended or banned) reads the statement of reasons of the
 * e-mail and contests it here, once.
 */
export default function Appeal({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.decision) {
    return (
      <div className="alert alert-warning" role="alert">
        <FormattedMessage id="error.linkExpired" />{' '}
        <Link to="/pages/service" className="alert-link">
          <FormattedMessage id="footer.service" />
        </Link>
      </div>
    )
  }
  return <AccountDecisions decisions={[loaderData.decision]} feedback={actionData && 'appeal' in actionData ? actionData.appeal : null} />
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'moderation.decisions.title'), { name: 'robots', content: 'noindex' }]
