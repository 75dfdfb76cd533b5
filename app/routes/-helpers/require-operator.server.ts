import { redirect } from 'react-router'
import { identityOf, operatorById, type OperatorIdentity } from '#app/features/console/operators/operator-accounts.server'
import { operatorSession, operatorToken } from '#app/features/console/operators/operator-sessions.server'
import { can, type Permission } from '#app/features/console/operators/permissions'

/** 403 for an operator whose role lacks the permission; pages render it in the console's error boundary. */
export function forbidden(): Response {
  return new Response('Forbidden', { status: 403, statusText: 'Forbidden' })
}

/**
 * The console's guard, called by every /admin loader and action: a full operator session (password and second
 * factor) of an enabled operator whose role has `permission`. Member sessions count for nothing here. Pages send
 * the unauthenticated to /admin/login; the console API answers 401.
 */
export async function requireOperator(request: Request, permission?: Permission): Promise<OperatorIdentity> {
  const session = await operatorSession(operatorToken(request.headers.get('cookie')))
  const operator = session?.stage === 'full' ? await operatorById(session.operatorId) : null
  if (!operator || operator.disabledAt) {
    if (new URL(request.url).pathname.startsWith('/admin/api/')) throw Response.json({ error: 'authentication_required' }, { status: 401 })
    throw redirect('/admin/login')
  }
  if (permission && !can(operator.role, permission)) throw forbidden()
  return identityOf(operator)
}
