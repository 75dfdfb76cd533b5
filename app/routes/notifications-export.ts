import { requireViewer } from '#app/features/authentication/require-viewer.server'
import { exportAccountData } from '#app/features/accounts/export-data.server'
import type { Route } from './+types/notifications-export'

/** GET: everything the product holds about the member, as a JSON file (GDPR right of access). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const body = await exportAccountData(viewer.userId)
  if (!body) throw new Response('Not Found', { status: 404 })
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="my-data-${new Date().toISOString().slice(0, 10)}.json"`,
      'Cache-Control': 'no-store',
    },
  })
}
