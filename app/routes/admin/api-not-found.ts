import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import type { Route } from './+types/api-not-found'

/** Unknown console API calls: 401 without a console session, else 404. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireOperator(request)
  return Response.json({ error: 'not_found' }, { status: 404 })
}

export async function action({ request }: Route.ActionArgs) {
  await requireOperator(request)
  return Response.json({ error: 'not_found' }, { status: 404 })
}
