import { useEffect, useRef, useState, type Dispatch } from 'react'
import { useFetcher } from 'react-router'
import type { TooOften } from '#app/features/safety/too-often'
import type { ChatMessage } from '../chat-events'
import type { ChatAction, ChatSession, Shown } from '../chat-session'
import type { GiftId } from '../gift-catalog'
import { createSendHold } from '../send-hold'
import type { Realtime } from './realtime-provider'

type SendReply = { ok: boolean; message?: ChatMessage; credits?: number; error?: string; retryAfter?: number }
type PhotoReply = { ok: boolean; message?: ChatMessage; credits?: number; error?: string; values?: Record<string, number> }

/**
 * How the member's messages, gifts, photos and reports leave: over the socket when it is open, else as a form
 * post through a fetcher (whose answer comes back as the same actions); photos by their own upload request.
 */
export function useChatSend({
  partnerId,
  viewerId,
  session,
  dispatch,
  refuse,
  realtime,
}: {
  partnerId: number
  viewerId: number
  session: ChatSession
  dispatch: Dispatch<ChatAction>
  refuse(clientId: string, code: string, retryAfter?: number): void
  realtime: Realtime
}) {
  const fetcher = useFetcher<SendReply>()
  // Reports go their own way, so that a report and a message sent meanwhile do not overwrite each other's answer.
  const reportFetcher = useFetcher<{ ok: boolean; reported?: number; tooOften?: TooOften }>()
  const latest = useRef(session)
  latest.current = session

  // The form-POST fallback answers through the fetcher, about the message it posted last (a new post cancels the
  // answer to an older one).
  const posted = useRef<string | null>(null)
  const reply = fetcher.data
  useEffect(() => {
    if (!reply) return
    if (reply.ok && reply.message) dispatch({ type: 'acked', message: reply.message, credits: reply.credits ?? latest.current.credits })
    else if (!reply.ok && reply.error && posted.current) refuse(posted.current, reply.error, reply.retryAfter)
  }, [reply, dispatch, refuse])

  const reported = reportFetcher.data
  useEffect(() => {
    if (reported?.ok && reported.reported) dispatch({ type: 'reported', messageId: reported.reported })
    else if (reported?.tooOften) dispatch({ type: 'notice', notice: { id: reported.tooOften.id, values: reported.tooOften.values } })
  }, [reported, dispatch])

  // The server's backpressure: a send it did not take, and those written meanwhile, go again when it says.
  const [hold] = useState(() =>
    createSendHold((clientId) => {
      const m = latest.current.shown.find((x) => x.clientId === clientId)
      if (m?.state === 'pending') deliverRef.current(m)
    }),
  )
  const { subscribe } = realtime
  useEffect(
    () =>
      subscribe((ev) => {
        if (ev.type === 'slow_down') hold.slowDown(ev.clientId, ev.retryAfterMs)
      }),
    [subscribe, hold],
  )
  useEffect(() => () => hold.dispose(), [hold])

  function deliver(m: Shown) {
    if (hold.holds(m.clientId)) return
    const base = { toProfileId: partnerId, clientId: m.clientId }
    const ev = m.kind === 'gift' ? { type: 'send' as const, ...base, gift: m.gift ?? '' } : { type: 'send' as const, ...base, body: m.body }
    if (realtime.send(ev)) return
    posted.current = m.clientId
    fetcher.submit(m.kind === 'gift' ? { intent: 'gift', clientId: m.clientId, gift: m.gift ?? '' } : { intent: 'send', clientId: m.clientId, body: m.body }, {
      method: 'post',
    })
  }

  const deliverRef = useRef(deliver)
  deliverRef.current = deliver

  function queue(over: Partial<Shown>): Shown {
    const m: Shown = {
      id: 0,
      conversationId: latest.current.conversationId ?? 0,
      senderId: viewerId,
      clientId: crypto.randomUUID(),
      body: '',
      kind: 'text',
      gift: null,
      photo: false,
      createdAt: new Date().toISOString(),
      state: 'pending',
      ...over,
    }
    dispatch({ type: 'queued', message: m })
    return m
  }

  async function sendPhoto(file: File) {
    const m = queue({ kind: 'photo' })
    dispatch({ type: 'photo-sending' })
    try {
      const form = new FormData()
      form.set('photo', file)
      form.set('clientId', m.clientId)
      const r = await fetch(`/members/${partnerId}/chat/photo`, { method: 'POST', body: form, headers: { Accept: 'application/json' } })
      const d = (await r.json().catch(() => ({ ok: false, error: 'chat.errorPhoto' }))) as PhotoReply
      if (d.ok && d.message) dispatch({ type: 'acked', message: d.message, credits: d.credits ?? latest.current.credits })
      else dispatch({ type: 'photo-refused', clientId: m.clientId, code: d.error ?? 'chat.errorPhoto', values: d.values })
    } catch {
      dispatch({ type: 'photo-refused', clientId: m.clientId, code: 'chat.errorPhoto' })
    } finally {
      dispatch({ type: 'photo-done' })
    }
  }

  return {
    deliver,
    sendText: (body: string) => deliver(queue({ body })),
    sendGift: (gift: GiftId) => deliver(queue({ kind: 'gift', gift })),
    sendPhoto,
    report: (m: Shown) => reportFetcher.submit({ intent: 'report', messageId: String(m.id), reason: 'scam' }, { method: 'post' }),
  }
}
