import { useEffect, type Dispatch } from 'react'
import { useRevalidator } from 'react-router'
import type { ChatAction } from '../chat-session'
import { useRealtime } from './realtime-provider'

// Without a socket the open chat reloads its messages this often.
const CHAT_POLL_MS = 10_000
// "Typing…" shows this long after the partner's last signal.
const TYPING_SHOWN_MS = 5_000

/**
 * The open chat's side of the socket: the partner's messages, one's acknowledgements and refusals, receipts and
 * typing come in as actions; what arrives while the tab is visible is marked read (delivered otherwise); without
 * a socket the page reloads its data every 10 s.
 */
export function useChatSocket({
  partnerId,
  conversationId,
  typingUntil,
  dispatch,
  refuse,
}: {
  partnerId: number
  conversationId: number | null
  typingUntil: number
  dispatch: Dispatch<ChatAction>
  refuse(clientId: string, code: string, retryAfter?: number): void
}) {
  const realtime = useRealtime()
  const revalidator = useRevalidator()
  const { subscribe, send, status } = realtime

  useEffect(
    () =>
      subscribe((ev) => {
        if (ev.type === 'message' && ev.partnerId === partnerId) {
          const fromPartner = ev.message.senderId === partnerId
          dispatch({ type: 'arrived', message: ev.message, fromPartner })
          if (fromPartner) {
            const read = document.visibilityState === 'visible'
            send(
              read
                ? { type: 'read', conversationId: ev.message.conversationId }
                : { type: 'delivered', conversationId: ev.message.conversationId, messageId: ev.message.id },
            )
          }
        } else if (ev.type === 'ack') {
          dispatch({ type: 'acked', message: ev.message, credits: ev.credits })
        } else if (ev.type === 'error' && ev.clientId) {
          refuse(ev.clientId, ev.code, ev.retryAfter)
        } else if (ev.type === 'receipt') {
          dispatch({ type: 'receipt', receipt: ev.receipt })
        } else if (ev.type === 'typing' && ev.fromProfileId === partnerId) {
          dispatch({ type: 'typing', until: Date.now() + TYPING_SHOWN_MS })
        }
      }),
    [subscribe, send, partnerId, dispatch, refuse],
  )

  // Opening the chat marks it read on the server (its loader); the socket answers this with fresh `counts`, so the
  // title prefix and app badge drop at once instead of with the next load (server/ws-hub.server.ts, 'read').
  useEffect(() => {
    if (status === 'open' && conversationId) send({ type: 'read', conversationId })
  }, [status, send, conversationId])

  // A tab that comes back into view reads what arrived while it was hidden.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && conversationId) send({ type: 'read', conversationId })
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [send, conversationId])

  useEffect(() => {
    if (typingUntil === 0) return
    const t = setTimeout(() => dispatch({ type: 'typing-ended' }), Math.max(0, typingUntil - Date.now()))
    return () => clearTimeout(t)
  }, [typingUntil, dispatch])

  const { revalidate } = revalidator
  useEffect(() => {
    if (status === 'open') return
    const t = setInterval(() => {
      if (document.visibilityState === 'visible') void revalidate()
    }, CHAT_POLL_MS)
    return () => clearInterval(t)
  }, [status, revalidate])

  return realtime
}
