import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useRevalidator } from 'react-router'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { listChats } from '#app/features/chat/conversations.server'
import { applyChatMessage, newConversations } from '#app/features/chat/components/chat-list-live'
import { useRealtime } from '#app/features/chat/components/realtime-provider'
import { FictionalBadge } from '#app/features/profiles/components/fictional-badge'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import { Avatar } from '#app/ui/avatar'
import { formatBadgeCount } from '#app/ui/count-badge'
import { LiveAnnouncer, useAnnouncer } from '#app/ui/live-announcer'
import { RelativeTime } from '#app/ui/relative-time'
import type { Route } from './+types/chats'
import { Icon } from '#app/ui/icon'

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  return { chats: await listChats(viewer.profileId), now: Date.now() }
}

type Row = Route.ComponentProps['loaderData']['chats'][number] & { lastMessageId?: number }

/**
 * The conversation list. Rendered from the loader (also without JavaScript); with the socket, a `message` event
 * updates its row and moves it to the top, and a conversation the list does not know yet reloads the list
 * (chat-list-live.ts). New messages are announced in a polite live region; the focus stays where it was.
 */
export default function Chats({ loaderData }: Route.ComponentProps) {
  const root = useRootData()
  const intl = useIntl()
  const { subscribe, refresh } = useRealtime()
  const [chats, setChats] = useState<Row[]>(loaderData.chats)
  const [now, setNow] = useState(loaderData.now)
  const [message, announce] = useAnnouncer()
  const listRef = useRef<HTMLUListElement>(null)
  const shown = useRef(chats)
  shown.current = chats
  const revalidator = useRevalidator()
  // A reload asked for by a live message: its new rows are announced.
  const awaitingNew = useRef(false)

  useEffect(() => {
    const before = shown.current
    setChats(loaderData.chats)
    setNow(loaderData.now)
    if (awaitingNew.current) {
      awaitingNew.current = false
      const added = newConversations(before, loaderData.chats)
      if (added.length) announce(intl.formatMessage({ id: 'live.newMessage' }, { name: intl.formatList(added.map((c) => c.profile.name)), count: added.length }))
    }
  }, [loaderData, announce, intl])

  useEffect(
    () =>
      subscribe((ev) => {
        if (ev.type !== 'message') return
        const r = applyChatMessage(shown.current, ev)
        if (r.kind === 'unknown') {
          awaitingNew.current = true
          refresh()
        } else if (r.kind === 'updated') {
          // Two events may come before the next render: the second builds on the first.
          shown.current = r.chats
          setChats(r.chats)
          setNow(Math.max(Date.now(), Date.parse(r.row.lastMessageAt)))
          if (r.fromPartner) announce(intl.formatMessage({ id: 'live.newMessage' }, { name: r.row.profile.name, count: 1 }))
        }
      }),
    [subscribe, refresh, announce, intl],
  )

  // Removing a chat (spec section 4): gone from the list at once; when the server refuses, an alert and a reload.
  function remove(c: Row) {
    if (!window.confirm(intl.formatMessage({ id: 'chats.removeConfirm' }, { name: c.profile.name }))) return
    setChats((list) => list.filter((x) => x.conversation !== c.conversation))
    void fetch('/api/chat.php', { method: 'DELETE', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ conversation: c.conversation }) })
      .then(async (r) => {
        // A refusal for the rate carries its own text (the wait, in the member's language).
        if (!r.ok) throw new Error(((await r.json().catch(() => null)) as { message?: string } | null)?.message ?? '')
      })
      .catch((e: unknown) => {
        window.alert((e instanceof Error && e.message) || intl.formatMessage({ id: 'chats.removeFailed' }))
        void revalidator.revalidate()
      })
  }

  // Moving rows moves their DOM nodes, and a moved node loses the focus: give it back to the same row.
  const focused = useRef<Element | null>(null)
  focused.current = typeof document !== 'undefined' && listRef.current?.contains(document.activeElement) ? document.activeElement : null
  useLayoutEffect(() => {
    const el = focused.current
    if (el instanceof HTMLElement && el.isConnected && document.activeElement !== el && (document.activeElement === document.body || document.activeElement === null)) {
      el.focus({ preventScroll: true })
    }
  }, [chats])

  return (
    <>
      <h1 className="h3 mb-3">
        <FormattedMessage id="chats.title" />
      </h1>
      <LiveAnnouncer message={message} testId="chats-announcer" />
      {chats.length === 0 ? (
        <div className="alert alert-light border text-center py-5" role="status">
          <Icon name="chat-heart" className="fs-2 d-block mx-auto mb-2" />
          <FormattedMessage id="chats.empty" />
          <div className="mt-3">
            <Link to="/members" className="btn btn-primary">
              <FormattedMessage id="nav.search" />
            </Link>
          </div>
        </div>
      ) : (
        <ul className="list-group" data-testid="chat-list" ref={listRef}>
          {chats.map((c) => (
            <li key={c.conversation} className="list-group-item list-group-item-action p-0 d-flex align-items-center" data-conversation={c.conversation}>
              <Link to={`/chats/${c.conversation}`} className="d-flex align-items-center gap-3 p-3 text-decoration-none text-body flex-grow-1 min-w-0">
                <Avatar src={c.profile.thumb ? `${root.site.cdnPrefix}/${c.profile.thumb}` : null} alt="" size="md" />
                <div className="flex-grow-1 min-w-0">
                  <div className="d-flex justify-content-between gap-2">
                    <strong className="text-break min-w-0">
                      {c.profile.name}, {c.profile.age} {c.profile.isFictional ? <FictionalBadge site={root.site} /> : null}
                    </strong>
                    <small className="text-body-secondary text-nowrap">
                      <RelativeTime iso={c.lastMessageAt} now={now} />
                    </small>
                  </div>
                  <div className="text-truncate text-body-secondary small">
                    {c.lastMessageKind === 'gift' ? (
                      <>
                        <Icon name="gift" className="me-1" />
                        <FormattedMessage id="chats.lastGift" />
                      </>
                    ) : c.lastMessageKind === 'photo' ? (
                      <>
                        <Icon name="image" className="me-1" />
                        <FormattedMessage id="chats.lastPhoto" />
                      </>
                    ) : (
                      c.lastMessage
                    )}
                  </div>
                </div>
                {c.num_unread_messages > 0 ? (
                  <span className="badge rounded-pill badge-unread" data-testid="chat-unread">
                    {formatBadgeCount(c.num_unread_messages)}
                    <span className="visually-hidden"> {intl.formatMessage({ id: 'nav.unreadMessages' }, { count: c.num_unread_messages })}</span>
                  </span>
                ) : null}
              </Link>
              {root.viewer ? (
                <button type="button" className="btn btn-link text-body-secondary me-2" onClick={() => remove(c)} aria-label={intl.formatMessage({ id: 'chats.remove' }, { name: c.profile.name })} data-testid="chat-remove">
                  <Icon name="trash" />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'chats.title')]
}
