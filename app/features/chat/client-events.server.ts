import { getBadgeCounts } from '#app/features/authentication/viewer.server'
import type { ClientEvent, ServerEvent } from './chat-events'
import { conversationPartner, markConversationRead } from './conversations.server'
import { submitMessage } from './submit-message.server'

/**
 * What the chat does with a member's socket frame (already parsed and authenticated by the hub, which is only the
 * transport): the reply for that socket, or null. Other members hear of the effects through domain events.
 */
export async function handleClientEvent(profileId: number, ev: ClientEvent): Promise<ServerEvent | null> {
  if (ev.type === 'ping') return null
  if (ev.type === 'read') {
    if ((await conversationPartner(ev.conversationId, profileId)) === null) return { type: 'error', code: 'not_found' }
    await markConversationRead(ev.conversationId, profileId)
    return { type: 'counts', ...(await getBadgeCounts(profileId)) }
  }
  const r = await submitMessage(profileId, ev)
  return r.ok ? { type: 'ack', clientId: ev.clientId, message: r.message } : { type: 'error', clientId: ev.clientId, code: r.error }
}
