import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useFetcher, useRevalidator } from 'react-router'
import { FictionalWarning } from '#app/features/profiles/components/fictional-badge'
import { Avatar } from '#app/ui/avatar'
import { PremiumOnlyNotice } from '#app/ui/premium-only'
import type { ChatMessage, Receipt } from '../chat-events'
import type { ChatPage } from '../chat-page.server'
import type { GiftId } from '../gift-catalog'
import { ChatWall, type Wall } from './chat-wall'
import { Composer } from './composer'
import { GiftPicker } from './gift-picker'
import { IcebreakerModal } from './icebreaker-modal'
import { MessageBubble, type Delivery, type Shown } from './message-bubble'
import { useRealtime } from './realtime-provider'
import { useCatchUp } from './use-catch-up'
import { useChatDraft } from './use-chat-draft'
import { useOlderMessages } from './use-older-messages'
import type { DiscountView } from '#app/features/billing/offers.server'
import { Icon } from '#app/ui/icon'
import type { TooOften } from '#app/features/safety/too-often'
import { photoErrorValues } from '#app/features/photos/photo-rules'

interface Site {
  cdnPrefix: string
  fictionalIcon: string
  fictionalWarning: string | null
  fictionalSingular: string | null
  messageLength: number
}

/** The chat page's data (chat-page.server.ts) and what the screen adds. */
export interface ChatViewProps extends Omit<Extract<ChatPage, { kind: 'ok' }>, 'kind'> {
  viewerId: number
  site: Site
  discount: DiscountView | null
  openGifts?: boolean
}

// Without a socket the open chat reloads its messages this often.
const CHAT_POLL_MS = 10_000
// "Typing…" is said at most this often, and shown this long after the last signal.
const TYPING_EVERY_MS = 3_000
const TYPING_SHOWN_MS = 5_000
// Sending too fast (app/features/chat/submit-message.server.ts): said with the wait, the message kept for a retry.
const RATE_LIMITED = 'chat.errorRateLimited'
// Refusals after which nothing was stored: the message leaves the list and its text goes back into the box.
const WALLS: Record<string, Wall> = { 'chat.errorNoCredits': 'credits', 'chat.errorFreeConversations': 'conversations', 'chat.errorPremiumOnly': 'premium' }

/** Merges server messages into what is shown: by client id, keeping the sender's pending ones until acknowledged. */
export function mergeMessages(shown: Shown[], incoming: ChatMessage[]): Shown[] {
  const byClient = new Map(shown.map((m) => [m.clientId, m]))
  for (const m of incoming) byClient.set(m.clientId, m)
  return [...byClient.values()].sort((a, b) => (a.id && b.id ? a.id - b.id : a.id ? -1 : b.id ? 1 : 0))
}

export function deliveryOf(m: ChatMessage, receipt: Receipt | null): Delivery {
  if (!receipt || !m.id) return 'sent'
  if (receipt.readUpTo !== null && m.id <= receipt.readUpTo) return 'read'
  return m.id <= receipt.deliveredUpTo ? 'delivered' : 'sent'
}

export function ChatView(props: ChatViewProps) {
  const intl = useIntl()
  const realtime = useRealtime()
  const revalidator = useRevalidator()
  const fetcher = useFetcher<{ ok: boolean; message?: ChatMessage; credits?: number; error?: string; retryAfter?: number }>()
  // Reports go their own way, so that a report and a message sent meanwhile do not overwrite each other's answer.
  const reportFetcher = useFetcher<{ ok: boolean; reported?: number; tooOften?: TooOften }>()
  const { partner, pricing } = props
  const [shown, setShown] = useState<Shown[]>(props.messages)
  const [conversationId, setConversationId] = useState(props.conversationId)
  const [draft, setDraft] = useChatDraft(`chat-draft:${props.viewerId}:${partner.id}`)
  const [receipt, setReceipt] = useState(props.receipt)
  const [credits, setCredits] = useState(pricing.credits)
  const [freeLeft, setFreeLeft] = useState(pricing.text.freeLeft)
  const [wall, setWall] = useState<Wall | null>(pricing.conversationLimitReached ? 'conversations' : null)
  const [typingUntil, setTypingUntil] = useState(0)
  const [modal, setModal] = useState<'gift' | 'icebreaker' | null>(props.openGifts ? 'gift' : null)
  const [reported, setReported] = useState<Set<number>>(new Set())
  const [photoBusy, setPhotoBusy] = useState(false)
  // A refusal shown under the messages: a photo that could not be sent, or sending too fast (with the wait).
  const [notice, setNotice] = useState<{ id: string; values?: Record<string, number> } | null>(null)
  // Until hydration the form is a plain HTML form: the send button must work without JavaScript.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const listRef = useRef<HTMLDivElement>(null)
  const lastTyping = useRef(0)

  useEffect(() => setShown((s) => mergeMessages(s, props.messages)), [props.messages])
  useEffect(() => setConversationId(props.conversationId), [props.conversationId])
  useEffect(() => setReceipt(props.receipt), [props.receipt])
  useEffect(() => {
    setCredits(pricing.credits)
    setFreeLeft(pricing.text.freeLeft)
  }, [pricing])

  // Free messages first; then each text costs the full price.
  const textCost = freeLeft > 0 ? 0 : pricing.textAfterFree

  const acknowledged = useCallback(
    (m: ChatMessage, balance: number) => {
      setShown((s) => mergeMessages(s, [m]))
      setConversationId(m.conversationId)
      setCredits(balance)
      if (m.kind === 'text') setFreeLeft((n) => Math.max(0, n - 1))
      setWall(null)
      setNotice((n) => (n?.id === RATE_LIMITED ? null : n))
    },
    [setShown],
  )

  const refused = useCallback(
    (clientId: string, code: string, retryAfter?: number) => {
      // Too fast: the message stays, marked failed with its retry button, and the wait is said below the list.
      if (code === RATE_LIMITED) setNotice({ id: code, values: { seconds: retryAfter ?? 1 } })
      const wallKind = WALLS[code]
      if (!wallKind) return setShown((s) => s.map((m) => (m.clientId === clientId ? { ...m, state: 'failed', error: code } : m)))
      setShown((s) => {
        const m = s.find((x) => x.clientId === clientId)
        if (m?.kind === 'text') setDraft(m.body)
        return s.filter((x) => x.clientId !== clientId)
      })
      setWall(wallKind)
    },
    [setDraft],
  )

  useEffect(
    () =>
      realtime.subscribe((ev) => {
        if (ev.type === 'message' && ev.partnerId === partner.id) {
          setShown((s) => mergeMessages(s, [ev.message]))
          setConversationId(ev.message.conversationId)
          if (ev.message.senderId === partner.id) {
            setTypingUntil(0)
            const read = document.visibilityState === 'visible'
            realtime.send(read ? { type: 'read', conversationId: ev.message.conversationId } : { type: 'delivered', conversationId: ev.message.conversationId, messageId: ev.message.id })
          }
        } else if (ev.type === 'ack') {
          acknowledged(ev.message, ev.credits)
        } else if (ev.type === 'error' && ev.clientId) {
          refused(ev.clientId, ev.code, ev.retryAfter)
        } else if (ev.type === 'receipt') {
          setReceipt((r) => (r && r.conversationId !== ev.receipt.conversationId ? r : ev.receipt))
        } else if (ev.type === 'typing' && ev.fromProfileId === partner.id) {
          setTypingUntil(Date.now() + TYPING_SHOWN_MS)
        }
      }),
    [realtime.subscribe, realtime.send, partner.id, acknowledged, refused],
  )

  // Opening the chat marks it read on the server (its loader); the socket answers this with fresh `counts`, so the
  // title prefix and app badge drop at once instead of with the next load (server/ws-hub.server.ts, 'read').
  useEffect(() => {
    if (realtime.status === 'open' && conversationId) realtime.send({ type: 'read', conversationId })
  }, [realtime.status, realtime.send, conversationId])

  // A tab that comes back into view reads what arrived while it was hidden.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && conversationId) realtime.send({ type: 'read', conversationId })
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [realtime.send, conversationId])

  useEffect(() => {
    if (typingUntil === 0) return
    const t = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()))
    return () => clearTimeout(t)
  }, [typingUntil])

  // The form-POST fallback answers through the fetcher.
  useEffect(() => {
    const d = fetcher.data
    if (!d) return
    if (d.ok && d.message) acknowledged(d.message, d.credits ?? credits)
    else if (!d.ok && d.error && fetcher.formData) refused(String(fetcher.formData.get('clientId')), d.error, d.retryAfter)
  }, [fetcher.data])

  useEffect(() => {
    if (realtime.status === 'open') return
    const t = setInterval(() => {
      if (document.visibilityState === 'visible') void revalidator.revalidate()
    }, CHAT_POLL_MS)
    return () => clearInterval(t)
  }, [realtime.status])

  const prepend = useCallback((older: ChatMessage[]) => setShown((s) => mergeMessages(s, older)), [])
  useCatchUp({ trigger: realtime.catchUps, conversationId, initial: props.messages, shown, merge: prepend, resend: deliver })
  const oldestId = shown.find((m) => m.id)?.id ?? null
  const older = useOlderMessages({ conversationId, oldestId, initialHasMore: props.hasMore, list: listRef, prepend })

  // New messages at the end scroll into view; older ones put above do not (useOlderMessages keeps the place).
  const newest = shown[shown.length - 1]?.clientId
  useLayoutEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight })
  }, [newest])

  function deliver(m: Shown) {
    const base = { toProfileId: partner.id, clientId: m.clientId }
    const ev = m.kind === 'gift' ? { type: 'send' as const, ...base, gift: m.gift ?? '' } : { type: 'send' as const, ...base, body: m.body }
    if (realtime.send(ev)) return
    fetcher.submit(m.kind === 'gift' ? { intent: 'gift', clientId: m.clientId, gift: m.gift ?? '' } : { intent: 'send', clientId: m.clientId, body: m.body }, { method: 'post' })
  }

  function pending(over: Partial<Shown>): Shown {
    return { id: 0, conversationId: conversationId ?? 0, senderId: props.viewerId, clientId: crypto.randomUUID(), body: '', kind: 'text', gift: null, photo: false, createdAt: new Date().toISOString(), state: 'pending', ...over }
  }

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const body = draft.trim()
    if (!body) return
    const m = pending({ body })
    setShown((s) => [...s, m])
    setDraft('')
    deliver(m)
  }

  function onDraft(v: string) {
    setDraft(v)
    const now = Date.now()
    if (v && conversationId && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now
      realtime.send({ type: 'typing', toProfileId: partner.id })
    }
  }

  function sendGift(gift: GiftId) {
    setModal(null)
    const m = pending({ kind: 'gift', gift })
    setShown((s) => [...s, m])
    deliver(m)
  }

  async function sendPhoto(file: File) {
    const m = pending({ kind: 'photo' })
    setShown((s) => [...s, m])
    setPhotoBusy(true)
    setNotice(null)
    try {
      const form = new FormData()
      form.set('photo', file)
      form.set('clientId', m.clientId)
      const r = await fetch(`/members/${partner.id}/chat/photo`, { method: 'POST', body: form, headers: { Accept: 'application/json' } })
      const d = (await r.json().catch(() => ({ ok: false, error: 'chat.errorPhoto' }))) as { ok: boolean; message?: ChatMessage; credits?: number; error?: string; values?: Record<string, number> }
      if (d.ok && d.message) return acknowledged(d.message, d.credits ?? credits)
      setShown((s) => s.filter((x) => x.clientId !== m.clientId))
      if (d.error && WALLS[d.error]) setWall(WALLS[d.error])
      else setNotice({ id: d.error ?? 'chat.errorPhoto', values: d.values })
    } catch {
      setShown((s) => s.filter((x) => x.clientId !== m.clientId))
      setNotice({ id: 'chat.errorPhoto' })
    } finally {
      setPhotoBusy(false)
    }
  }

  function report(m: Shown) {
    reportFetcher.submit({ intent: 'report', messageId: String(m.id), reason: 'scam' }, { method: 'post' })
  }
  useEffect(() => {
    const d = reportFetcher.data
    if (d?.ok && d.reported) setReported((s) => new Set(s).add(d.reported!))
    else if (d?.tooOften) setNotice({ id: d.tooOften.id, values: d.tooOften.values })
  }, [reportFetcher.data])

  const regionNames = useMemo(() => new Intl.DisplayNames([intl.locale], { type: 'region' }), [intl.locale])
  const typing = typingUntil > 0
  return (
    <div className="chat-window">
      <header className="d-flex align-items-center gap-2 p-2 border-bottom bg-white">
        <Link to="/chats" className="btn btn-link text-body" aria-label={intl.formatMessage({ id: 'chat.back' })}>
          <Icon name="arrow-left" className="fs-5" />
        </Link>
        <Avatar src={partner.thumb ? `${props.site.cdnPrefix}/${partner.thumb}` : null} alt="" size="md" />
        <div className="me-auto min-w-0">
          <h1 className="h6 mb-0 text-break">
            <Link to={`/members/${partner.id}`} className="text-body">
              {partner.name}, {partner.age}
            </Link>
          </h1>
          <small className="text-body-secondary" aria-live="polite" data-testid="chat-subtitle">
            {typing ? <FormattedMessage id="chat.typing" values={{ name: partner.name }} /> : [partner.city, regionNames.of(partner.country)].filter(Boolean).join(', ')}
          </small>
        </div>
        {/* Rendered by the server too (the loader's balance): appearing after hydration, it shifted the header. */}
        {!partner.isFictional ? (
          <span className="small text-body-secondary" data-testid="chat-balance">
            <FormattedMessage id="chat.balance" values={{ credits }} />
          </span>
        ) : null}
        {/* As wide as the wider of its two words (the other one hidden in ::after), so going live moves nothing. */}
        <span
          className={`badge status-badge ${realtime.status === 'open' ? 'text-bg-success' : 'text-bg-secondary'}`}
          data-alt={intl.formatMessage({ id: realtime.status === 'open' ? 'chat.offline' : 'chat.live' })}
          data-testid="socket-status"
        >
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
        <div ref={older.sentinel} className="text-center small text-body-secondary mb-2">
          {older.hasMore ? (
            <button type="button" className="btn btn-sm btn-link" onClick={older.load} disabled={older.loading} data-testid="load-older">
              <FormattedMessage id={older.loading ? 'chat.loadingOlder' : 'chat.loadOlder'} />
            </button>
          ) : shown.length > 0 ? (
            <FormattedMessage id="chat.historyStart" />
          ) : null}
          {older.failed ? (
            <div role="alert">
              <FormattedMessage id="chat.olderFailed" />
            </div>
          ) : null}
        </div>
        {shown.length === 0 ? (
          <p className="text-center text-body-secondary my-5">
            <FormattedMessage id="chat.empty" values={{ name: partner.name }} />
          </p>
        ) : (
          shown.map((m) => (
            <MessageBubble
              key={m.clientId}
              m={m}
              mine={m.senderId === props.viewerId}
              partnerName={partner.name}
              delivery={m.senderId === props.viewerId && m.id ? deliveryOf(m, receipt) : null}
              readLocked={!props.features.readReceipts}
              reported={reported.has(m.id)}
              onRetry={deliver}
              onReport={report}
              onLockedFeature={() => setWall('premium')}
            />
          ))
        )}
      </div>
      {notice ? (
        <div className="alert alert-danger m-2 mb-0" role="alert" data-testid="chat-notice">
          <FormattedMessage id={notice.id} values={{ ...photoErrorValues, limit: 0, ...notice.values }} />
        </div>
      ) : null}
      {wall === 'premium' ? (
        <div className="m-2 mb-0">
          <PremiumOnlyNotice onClose={() => setWall(null)} />
        </div>
      ) : wall ? (
        <ChatWall wall={wall} name={partner.name} freeConversations={pricing.freeConversations} discount={props.discount} />
      ) : null}
      {partner.isFictional ? (
        <p className="p-3 border-top text-center text-body-secondary mb-0" data-testid="fictional-no-messages">
          <FormattedMessage id="chat.fictionalNoMessages" values={{ name: partner.name }} />
        </p>
      ) : props.canSend ? (
        <Composer
          draft={draft}
          onDraft={onDraft}
          onSubmit={onSubmit}
          maxLength={props.site.messageLength}
          cost={textCost}
          freeLeft={freeLeft}
          hydrated={hydrated}
          formClientId={props.formClientId}
          onGift={() => setModal('gift')}
          onPhoto={(f) => void sendPhoto(f)}
          photosLocked={!props.features.photos}
          onLockedFeature={() => setWall('premium')}
          onIcebreaker={shown.length === 0 ? () => setModal('icebreaker') : null}
          busy={photoBusy}
        />
      ) : (
        <p className="p-3 border-top text-center text-body-secondary mb-0">
          <FormattedMessage id="chat.cannotWrite" values={{ name: partner.name }} />
        </p>
      )}
      {hydrated && !partner.isFictional && props.canSend ? (
        <>
          <GiftPicker show={modal === 'gift'} partnerName={partner.name} cost={pricing.gift} onClose={() => setModal(null)} onChoose={sendGift} />
          <IcebreakerModal
            show={modal === 'icebreaker'}
            partnerId={partner.id}
            partnerName={partner.name}
            interests={props.interests}
            onClose={() => setModal(null)}
            onPick={(text) => {
              setModal(null)
              setDraft(text)
              document.getElementById('chat-body')?.focus()
            }}
          />
        </>
      ) : null}
    </div>
  )
}
