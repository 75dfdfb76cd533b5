import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useRevalidator } from 'react-router'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { listChats } from '#app/features/chat/conversations.server'
import { ChatListRow, ChatsEmpty } from '#app/features/chat/components/chat-list-row'
import { applyChatMessage, newConversations } from '#app/features/chat/components/chat-list-live'
import { useRealtime } from '#app/features/chat/components/realtime-provider'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import { LiveAnnouncer, useAnnouncer } from '#app/ui/live-announcer'
import type { Route } from './+types/chats'
import { useConfirm } from '#app/ui/confirm-dialog'

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
  const { ask, dialog } = useConfirm()
  // A reload asked for by a live message: its new rows are announced.
  const awaitingNew = useRef(false)

  useEffect(() => {
    const before = shown.current
    setChats(loaderData.chats)
    setNow(loaderData.now)
    if (awaitingNew.current) {
      awaitingNew.current = false
      const added = newConversations(before, loaderData.chats)
      if (added.length)
        announce(intl.formatMessage({ id: 'live.newMessage' }, { name: intl.formatList(added.map((c) => c.profile.name)), count: added.length }))
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
  async function remove(c: Row) {
    const text = intl.formatMessage({ id: 'chats.removeConfirm' }, { name: c.profile.name })
    if (!(await ask(text, intl.formatMessage({ id: 'chats.removeConfirmButton' })))) return
    setChats((list) => list.filter((x) => x.conversation !== c.conversation))
    void fetch('/api/chat.php', {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ conversation: c.conversation }),
    })
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
    if (
      el instanceof HTMLElement &&
      el.isConnected &&
      document.activeElement !== el &&
      (document.activeElement === document.body || document.activeElement === null)
    ) {
      el.focus({ preventScroll: true })
    }
  }, [chats])

  return (
    <>
      <h1 className="h3 mb-3">
        <FormattedMessage id="chats.title" />
      </h1>
      <LiveAnnouncer message={message} testId="chats-announcer" />
      {dialog}
      {chats.length === 0 ? (
        <ChatsEmpty />
      ) : (
        <ul className="list-group" data-testid="chat-list" ref={listRef}>
          {chats.map((c) => (
            <ChatListRow key={c.conversation} chat={c} site={root.site} now={now} onRemove={root.viewer ? () => void remove(c) : null} />
          ))}
        </ul>
      )}
    </>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'chats.title')]
}
