import { redirect } from 'react-router'
import { activateAccount } from '#app/features/accounts/activation.server'
import type { Route } from './+types/activate'

/** The link in the activation e-mail: confirms, then shows the result page. */
export async function loader({ request }: Route.LoaderArgs) {
  const r = await activateAccount(new URL(request.url).searchParams.get('token'))
  throw redirect(r.ok ? '/activate/done' : '/activate/error')
}
