import { requireViewer } from '#app/features/authentication/require-viewer.server'
import { accountDataDocument } from '#app/features/accounts/export-data.server'
import { jsonByteStream } from '#app/lib/json-stream'
import type { Route } from './+types/notifications-export'

/**
 * GET: everything the product holds about the member, as a JSON file (GDPR right of access), written while it is
 * read from the database, page by page: however much the member has, the server holds a page at a time.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const document = await accountDataDocument(viewer.userId)
  if (!document) throw new Response('Not Found', { status: 404 })
  return new Response(jsonByteStream(document), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="my-data-${new Date().toISOString().slice(0, 10)}.json"`,
      'Cache-Control': 'no-store',
    },
  })
}
