import { useCallback, useEffect, useReducer, useRef } from 'react'
import { markEngaged } from '#app/lib/engagement'
import type { ChatMessage, Receipt } from '../chat-events'
import { chatSession, draftToRestore, initialSession, type ChatSession } from '../chat-session'
import { useCatchUp } from './use-catch-up'
import { useChatDraft } from './use-chat-draft'
import { useChatSend } from './use-chat-send'
import { useChatSocket } from './use-chat-socket'
import { useOlderMessages } from './use-older-messages'

// "Typing…" is said at most this often.
const TYPING_EVERY_MS = 3_000

export interface ChatSessionInput {
  viewerId: number
  partnerId: number
  messages: ChatMessage[]
  conversationId: number | null
  receipt: Receipt | null
  /** The loader's prices and balance; a new object with each load, which resets the balance shown. */
  pricing: { credits: number; text: { freeLeft: number }; conversationLimitReached: boolean }
  hasMore: boolean
  list: React.RefObject<HTMLDivElement | null>
}

/**
 * The open conversation's state (chat-session.ts, a reducer) with what feeds it: the loader's data, the socket,
 * the sends and their answers, the catch-up after a reconnect and the older pages; and the draft in the box.
 */
export function useChatSession(input: ChatSessionInput) {
  const { partnerId, messages, conversationId, receipt, pricing } = input
  const [session, dispatch] = useReducer(chatSession, input, (i) =>
    initialSession({ ...i, credits: i.pricing.credits, freeLeft: i.pricing.text.freeLeft, conversationLimitReached: i.pricing.conversationLimitReached }),
  )
  const [draft, setDraft] = useChatDraft(`chat-draft:${input.viewerId}:${partnerId}`)
  const latest = useRef<ChatSession>(session)
  latest.current = session

  // Having written is the moment the notifications prompt makes sense (app/lib/engagement.ts).
  const wrote = session.shown.some((m) => m.senderId === input.viewerId && !m.state)
  useEffect(() => {
    if (wrote) markEngaged()
  }, [wrote])

  // A revalidation brings newer data: merged in, never thrown away.
  useEffect(() => dispatch({ type: 'loaded', messages }), [messages])
  useEffect(() => dispatch({ type: 'loaded', conversationId }), [conversationId])
  useEffect(() => dispatch({ type: 'loaded', receipt }), [receipt])
  useEffect(() => dispatch({ type: 'loaded', credits: pricing.credits, freeLeft: pricing.text.freeLeft }), [pricing])

  // A refusal behind a wall stored nothing: the text goes back into the box.
  const refuse = useCallback(
    (clientId: string, code: string, retryAfter?: number) => {
      const text = draftToRestore(latest.current, clientId, code)
      if (text !== null) setDraft(text)
      dispatch({ type: 'refused', clientId, code, retryAfter })
    },
    [setDraft],
  )

  const realtime = useChatSocket({ partnerId, conversationId: session.conversationId, typingUntil: session.typingUntil, dispatch, refuse })
  const send = useChatSend({ partnerId, viewerId: input.viewerId, session, dispatch, refuse, realtime })

  const merge = useCallback((ms: ChatMessage[]) => dispatch({ type: 'merged', messages: ms }), [])
  useCatchUp({ trigger: realtime.catchUps, conversationId: session.conversationId, initial: messages, shown: session.shown, merge, resend: send.deliver })
  const oldestId = session.shown.find((m) => m.id)?.id ?? null
  const older = useOlderMessages({ conversationId: session.conversationId, oldestId, initialHasMore: input.hasMore, list: input.list, prepend: merge })

  const lastTyping = useRef(0)
  function onDraft(v: string) {
    setDraft(v)
    const now = Date.now()
    if (v && session.conversationId && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now
      realtime.send({ type: 'typing', toProfileId: partnerId })
    }
  }

  function submitDraft() {
    const body = draft.trim()
    if (!body) return
    setDraft('')
    send.sendText(body)
  }

  return { session, dispatch, realtime, older, draft, setDraft, onDraft, submitDraft, ...send }
}
