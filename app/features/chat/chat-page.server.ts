import { canContact, canViewProfile } from '#app/policies/visibility.server'
import { db } from '#db/client.server'
import { profileImages, profiles } from '#db/schema/index'
import { eq } from 'drizzle-orm'
import { profileCardColumns, toProfileCard } from '#app/features/profiles/profile-view.server'
import type { ProfileCard } from '#app/features/profiles/profile-types'
import type { ChatMessage } from './chat-events'
import { findConversationId, listMessages, markConversationRead } from './conversations.server'

export type ChatPage =
  | { kind: 'ok'; partner: ProfileCard; conversationId: number | null; messages: ChatMessage[]; canSend: boolean; formClientId: string }
  | { kind: 'blocked'; name: string }
  | { kind: 'not_found' }

/** The chat screen with one partner: history (newest 50), whether the viewer may write, and read-marking. */
export async function loadChatPage(viewerId: number, partnerId: number): Promise<ChatPage> {
  const view = await canViewProfile(viewerId, partnerId)
  if (!view.ok || viewerId === partnerId) {
    return view.ok || view.reason !== 'blocked' ? { kind: 'not_found' } : { kind: 'blocked', name: view.targetName ?? '' }
  }
  const [row] = await db()
    .select(profileCardColumns)
    .from(profiles)
    .leftJoin(profileImages, eq(profileImages.id, profiles.mainImageId))
    .where(eq(profiles.id, partnerId))
  if (!row) return { kind: 'not_found' }
  const conversationId = await findConversationId(viewerId, partnerId)
  const [messages, contact] = await Promise.all([
    conversationId ? listMessages(conversationId, viewerId) : Promise.resolve([]),
    canContact(viewerId, partnerId),
    conversationId ? markConversationRead(conversationId, viewerId) : Promise.resolve(),
  ])
  return { kind: 'ok', partner: toProfileCard(row), conversationId, messages, canSend: contact.ok, formClientId: crypto.randomUUID() }
}
