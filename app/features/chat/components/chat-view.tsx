import { useEffect, useMemo, useRef, useState } from 'react'
import { FormattedMessage, FormattedTime, useIntl } from 'react-intl'
import { Form, Link, useFetcher, useRevalidator } from 'react-router'
import { FictionalWarning } from '#app/features/profiles/components/fictional-badge'
import type { ProfileCard } from '#app/features/profiles/profile-types'
import { Avatar } from '#app/ui/avatar'
import type { ChatMessage } from '../chat-events'
import { useRealtime } from './realtime-provider'

interface Site {
  cdnPrefix: string
  fictionalIcon: string
  fictionalWarning: string | null
  fictionalSingular: string | null
  messageLength: number
}

type Shown = ChatMessage & { state?: 'pending' | 'failed'; error?: string }

// Without a socket the open chat reloads its messages this often.
const CHAT_POLL_MS = 10_000

/** Merges server messages into what is shown: by id, keeping the sender's pending ones until acknowledged. */
export function mergeMessages(shown: Shown[], incoming: ChatMessage[]): Shown[] {
  const byClient = new Map(shown.map((m) => [m.clientId, m]))
  for (const m of incoming) byClient.set(m.clientId, m)
  return [...byClient.values()].sort((a, b) => (a.id && b.id ? a.id - b.id : a.id ? -1 : b.id ? 1 : 0))
}

export function ChatView(props: { viewerId: number; partner: ProfileCard; conversationId: number | null; messages: ChatMessage[]; canSend: boolean; formClientId: string; site: Site }) {
  const intl = useIntl()
  const realtime = useRealtime()
  const revalidator = useRevalidator()
  const fetcher = useFetcher<{ ok: boolean; message?: ChatMessage; error?: string }>()
  const [shown, setShown] = useState<Shown[]>(props.messages)
  const [conversationId, setConversationId] = useState(props.conversationId)
  const [draft, setDraft] = useState('')
  // Until hydration the form is a plain HTML form: the send button must work without JavaScript.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const listRef = useRef<HTMLDivElement>(null)
  const { partner } = props

  useEffect(() => setShown((s) => mergeMessages(s, props.messages)), [props.messages])
  useEffect(() => setConversationId(props.conversationId), [props.conversationId])

  useEffect(
    () =>
      realtime.subscribe((ev) => {
        if (ev.type === 'message' && ev.partnerId === partner.id) {
          setShown((s) => mergeMessages(s, [ev.message]))
          setConversationId(ev.message.conversationId)
          if (ev.message.senderId === partner.id) realtime.send({ type: 'read', conversationId: ev.message.conversationId })
        } else if (ev.type === 'ack') {
          setShown((s) => mergeMessages(s, [ev.message]))
          setConversationId(ev.message.conversationId)
        } else if (ev.type === 'error' && ev.clientId) {
          setShown((s) => s.map((m) => (m.clientId === ev.clientId ? { ...m, state: 'failed', error: ev.code } : m)))
        }
      }),
    [realtime.subscribe, realtime.send, partner.id],
  )

  // Opening the chat marks it read on the server (its loader); the socket answers this with fresh `counts`, so the
  // title prefix and app badge drop at once instead of with the next load (server/ws-hub.server.ts, 'read').
  useEffect(() => {
    if (realtime.status === 'open' && conversationId) realtime.send({ type: 'read', conversationId })
  }, [realtime.status, realtime.send, conversationId])

  // The form-POST fallback answers through the fetcher.
  useEffect(() => {
    const d = fetcher.data
    if (d?.ok && d.message) setShown((s) => mergeMessages(s, [d.message!]))
  }, [fetcher.data])

  useEffect(() => {
    if (realtime.status === 'open') return
    const t = setInterval(() => {
      if (document.visibilityState === 'visible') void revalidator.revalidate()
    }, CHAT_POLL_MS)
    return () => clearInterval(t)
  }, [realtime.status])

  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight })
  }, [shown.length])

  function deliver(m: Shown) {
    const sent = realtime.send({ type: 'send', toProfileId: partner.id, clientId: m.clientId, body: m.body })
    if (!sent) fetcher.submit({ intent: 'send', clientId: m.clientId, body: m.body }, { method: 'post' })
  }

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const body = draft.trim()
    if (!body) return
    const m: Shown = { id: 0, conversationId: conversationId ?? 0, senderId: props.viewerId, clientId: crypto.randomUUID(), body, createdAt: new Date().toISOString(), state: 'pending' }
    setShown((s) => [...s, m])
    setDraft('')
    deliver(m)
  }

  const regionNames = useMemo(() => new Intl.DisplayNames([intl.locale], { type: 'region' }), [intl.locale])
  const tooLong = draft.length > props.site.messageLength
  return (
    <div className="chat-window">
      <header className="d-flex align-items-center gap-2 p-2 border-bottom bg-white">
        <Link to="/chats" className="btn btn-link text-body" aria-label={intl.formatMessage({ id: 'chat.back' })}>
          <i className="bi bi-arrow-left fs-5" aria-hidden="true" />
        </Link>
        <Avatar src={partner.thumb ? `${props.site.cdnPrefix}/${partner.thumb}` : null} alt="" size="md" />
        <div className="me-auto">
          <h1 className="h6 mb-0">
            <Link to={`/members/${partner.id}`} className="text-body">
              {partner.name}, {partner.age}
            </Link>
          </h1>
          <small className="text-body-secondary">{[partner.city, regionNames.of(partner.country)].filter(Boolean).join(', ')}</small>
        </div>
        <span className={`badge ${realtime.status === 'open' ? 'text-bg-success' : 'text-bg-secondary'}`} data-testid="socket-status">
          <FormattedMessage id={realtime.status === 'open' ? 'chat.live' : 'chat.offline'} />
        </span>
      </header>
      {partner.isFictional ? (
        <div className="px-2 pt-2">
          <FictionalWarning site={props.site} />
        </div>
      ) : null}
      {/* Focusable, so that keyboard users can scroll a long conversation (axe: scrollable-region-focusable). */}
      <div className="chat-messages" ref={listRef} role="log" tabIndex={0} aria-live="polite" aria-label={intl.formatMessage({ id: 'chat.messages' }, { name: partner.name })} data-testid="chat-messages">
        {shown.length === 0 ? (
          <p className="text-center text-body-secondary my-5">
            <FormattedMessage id="chat.empty" values={{ name: partner.name }} />
          </p>
        ) : (
          shown.map((m) => (
            <div key={m.clientId} className={`chat-bubble ${m.senderId === props.viewerId ? 'mine' : 'theirs'}${m.state === 'pending' ? ' pending' : ''}`} data-testid="chat-message">
              {m.body}
              <div className={`small text-end${m.senderId === props.viewerId ? '' : ' text-body-secondary'}`}>
                {m.state === 'failed' ? (
                  <button type="button" className="btn btn-sm btn-light py-0" onClick={() => deliver({ ...m, state: 'pending' })}>
                    <FormattedMessage id="chat.retry" />
                  </button>
                ) : m.state === 'pending' ? (
                  <FormattedMessage id="chat.sending" />
                ) : (
                  <FormattedTime value={m.createdAt} />
                )}
              </div>
            </div>
          ))
        )}
      </div>
      {props.canSend ? (
        <Form method="post" className="d-flex gap-2 p-2 border-top bg-white" onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="clientId" value={props.formClientId} />
          <label htmlFor="chat-body" className="visually-hidden">
            <FormattedMessage id="chat.placeholder" />
          </label>
          <textarea
            id="chat-body"
            name="body"
            className={`form-control${tooLong ? ' is-invalid' : ''}`}
            rows={1}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault()
                e.currentTarget.form?.requestSubmit()
              }
            }}
            placeholder={intl.formatMessage({ id: 'chat.placeholder' })}
            maxLength={props.site.messageLength}
            required
          />
          <button type="submit" className="btn btn-primary" disabled={hydrated && (!draft.trim() || tooLong)}>
            <i className="bi bi-send" aria-hidden="true" />
            <span className="visually-hidden">
              <FormattedMessage id="chat.send" />
            </span>
          </button>
        </Form>
      ) : (
        <p className="p-3 border-top text-center text-body-secondary mb-0">
          <FormattedMessage id="chat.cannotWrite" values={{ name: partner.name }} />
        </p>
      )}
    </div>
  )
}
