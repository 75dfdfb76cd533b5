import { requireApiViewer } from '#app/routes/-helpers/require-viewer.server'
import { getBadgeCounts } from '#app/features/authentication/viewer.server'
import { lastOpenedChat, listChats, totalMessages } from '#app/features/chat/conversations.server'
import { listLikes } from '#app/features/likes/likes.server'
import type { Route } from './+types/chats.php'

/**
 * GET /api/chats.php: the chat store (spec section 3): chats, likes received, total messages, total unread
 * messages, total new likes, and the last opened chat.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireApiViewer(context)
  const [chats, counts, received, total, last] = await Promise.all([
    listChats(viewer.profileId),
    getBadgeCounts(viewer.profileId),
    listLikes(viewer.profileId, 'received'),
    totalMessages(viewer.profileId),
    lastOpenedChat(viewer.userId),
  ])
  return Response.json(
    {
      chats,
      likes: received.map((e) => ({ id: e.profile.id, like_new: e.like_new })),
      total_messages: total,
      total_unread_messages: counts.unread,
      total_new_likes: counts.newLikes,
      last_opened_chat: last,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}
