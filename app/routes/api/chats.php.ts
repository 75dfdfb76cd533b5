import { requireApiViewer } from '#app/features/authentication/require-viewer.server'
import { getBadgeCounts } from '#app/features/authentication/viewer.server'
import { listChats } from '#app/features/chat/conversations.server'
import type { Route } from './+types/chats.php'

/** GET /api/chats.php: the chat store (spec section 3). */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireApiViewer(context)
  const [chats, counts] = await Promise.all([listChats(viewer.profileId), getBadgeCounts(viewer.profileId)])
  return Response.json({ chats, total_unread_messages: counts.unread, total_new_likes: counts.newLikes }, { headers: { 'Cache-Control': 'no-store' } })
}
