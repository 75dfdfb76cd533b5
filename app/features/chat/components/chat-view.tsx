import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import type { DiscountView } from '#app/features/billing/offers.server'
import { photoErrorValues } from '#app/features/photos/photo-rules'
import { FictionalWarning } from '#app/features/profiles/components/fictional-badge'
import { PremiumOnlyNotice } from '#app/ui/premium-only'
import type { ChatPage } from '../chat-page.server'
import { ChatHeader } from './chat-header'
import { ChatWall } from './chat-wall'
import { Composer } from './composer'
import { GiftPicker } from './gift-picker'
import { IcebreakerModal } from './icebreaker-modal'
import { MessageLog } from './message-log'
import { useChatSession } from './use-chat-session'

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
  languageMenu?: ReactNode
}

/** The open conversation: the header, the messages, a notice or wall, and the box to write in. */
export function ChatView(props: ChatViewProps) {
  const { partner, pricing, site } = props
  const listRef = useRef<HTMLDivElement>(null)
  const chat = useChatSession({ ...props, partnerId: partner.id, list: listRef })
  const { session, dispatch, realtime } = chat
  const [modal, setModal] = useState<'gift' | 'icebreaker' | null>(props.openGifts ? 'gift' : null)
  // Until hydration the form is a plain HTML form: the send button must work without JavaScript.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const lockedFeature = () => dispatch({ type: 'wall', wall: 'premium' })

  // New messages at the end scroll into view; older ones put above do not (useOlderMessages keeps the place).
  const newest = session.shown[session.shown.length - 1]?.clientId
  useLayoutEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight })
  }, [newest])

  const { notice, wall } = session
  return (
    <div className="chat-window">
      <ChatHeader partner={partner} cdnPrefix={site.cdnPrefix} typing={session.typingUntil > 0} credits={session.credits} live={realtime.status === 'open'}>
        {props.languageMenu}
      </ChatHeader>
      {partner.isFictional ? (
        <div className="px-2 pt-2">
          <FictionalWarning site={site} />
        </div>
      ) : null}
      <MessageLog
        session={session}
        viewerId={props.viewerId}
        partnerName={partner.name}
        readLocked={!props.features.readReceipts}
        older={chat.older}
        list={listRef}
        onRetry={chat.deliver}
        onReport={chat.report}
        onLockedFeature={lockedFeature}
      />
      {notice ? (
        <div className="alert alert-danger m-2 mb-0" role="alert" data-testid="chat-notice">
          <FormattedMessage id={notice.id} values={{ ...photoErrorValues, limit: 0, ...notice.values }} />
        </div>
      ) : null}
      {wall === 'premium' ? (
        <div className="m-2 mb-0">
          <PremiumOnlyNotice onClose={() => dispatch({ type: 'wall', wall: null })} />
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
          draft={chat.draft}
          onDraft={chat.onDraft}
          onSubmit={(e) => {
            e.preventDefault()
            chat.submitDraft()
          }}
          maxLength={site.messageLength}
          // Free messages first; then each text costs the full price.
          cost={session.freeLeft > 0 ? 0 : pricing.textAfterFree}
          freeLeft={session.freeLeft}
          hydrated={hydrated}
          formClientId={props.formClientId}
          onGift={() => setModal('gift')}
          onPhoto={(f) => void chat.sendPhoto(f)}
          photosLocked={!props.features.photos}
          onLockedFeature={lockedFeature}
          onIcebreaker={session.shown.length === 0 ? () => setModal('icebreaker') : null}
          busy={session.photoBusy}
        />
      ) : (
        <p className="p-3 border-top text-center text-body-secondary mb-0">
          <FormattedMessage id="chat.cannotWrite" values={{ name: partner.name }} />
        </p>
      )}
      {hydrated && !partner.isFictional && props.canSend ? (
        <>
          <GiftPicker
            show={modal === 'gift'}
            partnerName={partner.name}
            cost={pricing.gift}
            onClose={() => setModal(null)}
            onChoose={(gift) => {
              setModal(null)
              chat.sendGift(gift)
            }}
          />
          <IcebreakerModal
            show={modal === 'icebreaker'}
            partnerId={partner.id}
            partnerName={partner.name}
            interests={props.interests}
            onClose={() => setModal(null)}
            onPick={(text) => {
              setModal(null)
              chat.setDraft(text)
              document.getElementById('chat-body')?.focus()
            }}
          />
        </>
      ) : null}
    </div>
  )
}
