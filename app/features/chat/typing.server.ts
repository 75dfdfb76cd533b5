import { bus } from '#app/adapters/bus/index.server'
import { canMessage } from '#app/policies/visibility.server'
import { profileTopic } from './chat-events'
import { findConversationId } from './conversations.server'

// A member's client says "typing" at most every few seconds; more often than this is dropped unread.
const MIN_INTERVAL_MS = 1_500
const lastRelayed = new Map<string, number>()

/**
 * "Typing…" from one member to the partner of an existing conversation they may write to: an ephemeral signal,
 * published and forgotten (nothing is stored). Returns whether it was passed on.
 */
export async function relayTyping(fromId: number, toId: number, now = Date.now()): Promise<boolean> {
  const key = `${fromId}:${toId}`
  if (now - (lastRelayed.get(key) ?? 0) < MIN_INTERVAL_MS) return false
  lastRelayed.set(key, now)
  if (lastRelayed.size > 50_000) lastRelayed.clear()
  // Only within a conversation: a stranger's profile page must not learn who is online and writing.
  if ((await findConversationId(fromId, toId)) === null) return false
  if (!(await canMessage(fromId, toId)).ok) return false
  await bus().publish(profileTopic(toId), { type: 'typing', fromProfileId: fromId })
  return true
}
