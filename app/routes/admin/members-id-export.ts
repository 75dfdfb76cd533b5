import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { exportBody } from '#app/features/accounts/export-data.server'
import { exportMemberData } from '#app/features/console/support/support-actions.server'
import type { Route } from './+types/members-id-export'

/** Only a form post downloads (a link or a prefetch must not). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireOperator(request, 'members.export')
  return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } })
}

/** A member's data as a JSON download for support (members.export); the audit log records who took it. */
export async function action({ request, params }: Route.ActionArgs) {
  const operator = await requireOperator(request, 'members.export')
  const userId = Number(params.id)
  if (!/^\d{1,9}$/.test(params.id) || userId <= 0) throw new Response('Not Found', { status: 404 })
  const chunks = await exportMemberData({ id: operator.id, name: operator.name }, userId, null)
  if (!chunks) throw new Response('Not Found', { status: 404 })
  return new Response(exportBody(chunks), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="member-${userId}-export.json"`,
      'Cache-Control': 'no-store',
    },
  })
}
