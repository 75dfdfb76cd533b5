import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { exportBody, streamAccountExport } from '#app/features/accounts/export-data.server'
import type { Route } from './+types/notifications-export'

/**
 * GET: everything the product holds about the member, as a JSON file (GDPR right of access), streamed as it is read
 * a page at a time: a long history never sits in memory whole.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const chunks = await streamAccountExport(viewer.userId)
  if (!chunks) throw new Response('Not Found', { status: 404 })
  return new Response(exportBody(chunks), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="my-data-${new Date().toISOString().slice(0, 10)}.json"`,
      'Cache-Control': 'no-store',
    },
  })
}
