import { FormattedMessage, useIntl } from 'react-intl'
import { deliveryOf, type ChatSession, type Shown } from '../chat-session'
import { MessageBubble } from './message-bubble'
import type { Older } from './use-older-messages'

interface Props {
  session: ChatSession
  viewerId: number
  partnerName: string
  readLocked: boolean
  older: Older
  list: React.RefObject<HTMLDivElement | null>
  onRetry(m: Shown): void
  onReport(m: Shown): void
  onLockedFeature(): void
}

/** The conversation's messages, with the way to older ones above them. */
export function MessageLog({ session, viewerId, partnerName, readLocked, older, list, onRetry, onReport, onLockedFeature }: Props) {
  const intl = useIntl()
  const { shown } = session
  // Read receipts are a Premium feature: one hint where they are explained, on one's last delivered message, not a
  // lock on every message one sent (issue 28).
  const lockedHintOn = readLocked
    ? shown.findLast((m) => m.senderId === viewerId && m.id && deliveryOf(m, session.receipt) === 'delivered')?.clientId
    : undefined
  return (
    // Focusable, so that keyboard users can scroll a long conversation (axe: scrollable-region-focusable).
    <div
      className="chat-messages"
      ref={list}
      role="log"
      tabIndex={0}
      aria-live="polite"
      aria-label={intl.formatMessage({ id: 'chat.messages' }, { name: partnerName })}
      data-testid="chat-messages"
    >
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
          <FormattedMessage id="chat.empty" values={{ name: partnerName }} />
        </p>
      ) : (
        shown.map((m) => (
          <MessageBubble
            key={m.clientId}
            m={m}
            mine={m.senderId === viewerId}
            partnerName={partnerName}
            delivery={m.senderId === viewerId && m.id ? deliveryOf(m, session.receipt) : null}
            readLocked={m.clientId === lockedHintOn}
            reported={session.reported.includes(m.id)}
            onRetry={onRetry}
            onReport={onReport}
            onLockedFeature={onLockedFeature}
          />
        ))
      )}
    </div>
  )
}
