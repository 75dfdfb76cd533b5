import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import type { TooOften } from '#app/features/safety/too-often'
import { TooOftenAlert } from '#app/features/safety/components/too-often-alert'
import type { ChatPage } from '../chat-page.server'
import type { DiscountView } from '#app/features/billing/offers.server'
import { ChatView, type ChatViewProps } from './chat-view'

/** What the chat routes load: the page, the running discount and whether the gift picker opens at once. */
export interface ChatScreenData {
  page: ChatPage
  discount: DiscountView | null
  openGifts?: boolean
}

/** A refused send as the chat routes' action answers it. */
export type ChatRefusal = { ok: false; error?: string; retryAfter?: unknown; tooOften?: TooOften } | { ok: true } | undefined

/**
 * The chat screen of both chat addresses (/members/{id}/chat and /chats/{id}): the blocked notice, a refused send's
 * alert, the unconfirmed-account warning and the conversation.
 */
export function ChatScreen({
  data: d,
  refusal,
  viewer,
  site,
  languageMenu,
}: {
  data: ChatScreenData
  refusal: ChatRefusal
  viewer: { profileId: number; status: string } | null
  site: ChatViewProps['site']
  /** The language dropdown, at the end of the chat's header (spec section 2: on every page). */
  languageMenu?: ReactNode
}) {
  const page = d.page
  if (page.kind === 'blocked') {
    return (
      <div className="container py-4">
        <div className="alert alert-danger" role="alert">
          <FormattedMessage id="profile.blockedBy" values={{ name: page.name }} />
        </div>
      </div>
    )
  }
  if (page.kind !== 'ok' || !viewer) return null
  const refused = refusal && !refusal.ok ? refusal : undefined
  const retryAfter = refused && typeof refused.retryAfter === 'number' ? refused.retryAfter : 0
  return (
    <>
      {refused?.error ? (
        <div className="alert alert-danger m-2" role="alert">
          <FormattedMessage id={refused.error} values={{ name: page.partner.name, count: page.pricing.freeConversations, seconds: retryAfter }} />
        </div>
      ) : null}
      {refused?.tooOften ? <TooOftenAlert refusal={refused.tooOften} className="alert alert-danger m-2" /> : null}
      {viewer.status === 'not_confirmed' ? (
        <div className="alert alert-warning m-2 mb-0" role="status" data-testid="unconfirmed-warning">
          <FormattedMessage id="chat.unconfirmed" values={{ name: page.partner.name }} />
        </div>
      ) : null}
      <ChatView
        key={page.partner.id}
        viewerId={viewer.profileId}
        site={site}
        {...page}
        discount={d.discount}
        openGifts={d.openGifts}
        languageMenu={languageMenu}
      />
    </>
  )
}
