import { redirect } from 'react-router'
import { endSession } from '#app/features/authentication/session-cookie.server'
import type { Route } from './+types/logout'

export async function loader() {
  throw redirect('/')
}

export async function action({ context }: Route.ActionArgs) {
  throw redirect('/', { headers: { 'Set-Cookie': await endSession(context.sessionToken) } })
}
