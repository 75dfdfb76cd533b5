import { redirect } from 'react-router'
import { recordAudit } from '#app/features/console/operators/audit.server'
import { operatorById } from '#app/features/console/operators/operator-accounts.server'
import { endOperatorSession, operatorCookie, operatorSession, operatorToken } from '#app/features/console/operators/operator-sessions.server'
import type { Route } from './+types/logout'

export function loader() {
  throw redirect('/admin')
}

/** POST /admin/logout: ends the console session. */
export async function action({ request }: Route.ActionArgs) {
  const token = operatorToken(request.headers.get('cookie'))
  const session = await operatorSession(token)
  if (session) {
    const o = await operatorById(session.operatorId)
    if (o) await recordAudit({ operator: { id: o.id, name: o.name }, action: 'operator.logout', target: { type: 'operator', id: o.id } })
  }
  await endOperatorSession(token)
  throw redirect('/admin/login', { headers: { 'Set-Cookie': operatorCookie(null) } })
}
