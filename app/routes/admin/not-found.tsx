import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import type { Route } from './+types/not-found'

/** Unknown console addresses: the unauthenticated go to the login like everywhere under /admin; operators get 404. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireOperator(request)
  throw new Response('Not Found', { status: 404 })
}

export default function AdminNotFound() {
  return null
}
