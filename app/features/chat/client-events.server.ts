import { getBadgeCounts } from '#app/features/authentication/viewer.server'
import type { ClientEvent, ServerEvent } from './chat-events'
import { conversationAccess } from './conversations.server'
import { markConversationRead, markDelivered } from './receipts.server'
import { submitMessage } from './submit-message.server'
import { relayTyping } from './typing.server'

/**
 * What the chat does with a member's socket frame (already parsed and authenticated by the hub, which is only the
 * transport): the reply for that socket, or null. Other members hear of the effects through domain events or,
 * for the ephemeral signals (typing, receipts), straight on their topic.
 */
export async function handleClientEvent(profileId: number, ev: ClientEvent): Promise<ServerEvent | null> {
  if (ev.type === 'ping') return null
  if (ev.type === 'typing') {
    await relayTyping(profileId, ev.toProfileId)
    return null
  }
  if (ev.type === 'read' || ev.type === 'delivered') {
    // The chat page's gate: receipts are a read of the conversation, and tell the partner the member is there.
    const access = await conversationAccess(ev.conversationId, profileId)
    if (!access.ok) return { type: 'error', code: 'not_found' }
    const partner = access.partnerId
    if (ev.type === 'delivered') {
      await markDelivered(ev.conversationId, profileId, partner, ev.messageId)
      return null
    }
    await markConversationRead(ev.conversationId, profileId, partner)
    return { type: 'counts', ...(await getBadgeCounts(profileId)) }
  }
  const r = await submitMessage(profileId, ev)
  if (r.ok) return { type: 'ack', clientId: ev.clientId, message: r.message, credits: r.credits }
  return { type: 'error', clientId: ev.clientId, code: r.error, ...(r.retryAfter ? { retryAfter: r.retryAfter } : {}) }
}
