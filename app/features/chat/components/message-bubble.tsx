import { FormattedMessage, FormattedTime, useIntl } from 'react-intl'
import { messageSignals } from '#app/features/safety/message-signals'
import type { Delivery, Shown } from '../chat-session'
import { giftNameId, isGiftId } from '../gift-catalog'
import { GiftArt } from './gift-art'
import { Icon } from '#app/ui/icon'

interface Props {
  m: Shown
  mine: boolean
  partnerName: string
  delivery: Delivery | null
  /** A free member sees "Delivered" with a lock where a Premium member would see "Read". */
  readLocked: boolean
  reported: boolean
  onRetry(m: Shown): void
  onReport(m: Shown): void
  onLockedFeature(): void
}

/** One message of the conversation: text, gift or photo, with its time or sending state and, on the sender's side, its delivery state. */
export function MessageBubble({ m, mine, partnerName, delivery, readLocked, reported, onRetry, onReport, onLockedFeature }: Props) {
  const intl = useIntl()
  const signals = !mine && m.kind === 'text' ? messageSignals(m.body) : []
  return (
    <div
      className={`chat-bubble ${mine ? 'mine' : 'theirs'}${m.state === 'pending' ? ' pending' : ''}${m.kind !== 'text' ? ' media' : ''}`}
      data-testid="chat-message"
      data-kind={m.kind}
    >
      <Body m={m} mine={mine} partnerName={partnerName} />
      <div className="small text-end d-flex justify-content-end align-items-center gap-1 text-body-secondary">
        {m.state === 'failed' ? (
          <button type="button" className="btn btn-sm btn-light py-0" onClick={() => onRetry({ ...m, state: 'pending' })}>
            <FormattedMessage id="chat.retry" />
          </button>
        ) : m.state === 'pending' ? (
          <FormattedMessage id="chat.sending" />
        ) : (
          <>
            <FormattedTime value={m.createdAt} />
            {mine && delivery ? <DeliveryState delivery={delivery} readLocked={readLocked} onLocked={onLockedFeature} /> : null}
          </>
        )}
      </div>
      {signals.length > 0 ? (
        <div className="chat-safety-tip mt-2 p-2 rounded small" role="note" data-testid="safety-tip">
          <strong className="d-block">
            <Icon name="shield-exclamation" className="me-1" />
            <FormattedMessage id="chat.safety.title" />
          </strong>
          {signals.map((s) => (
            <div key={s}>{intl.formatMessage({ id: `chat.safety.${s}` })}</div>
          ))}
          {reported ? (
            <div className="mt-1" role="status">
              <FormattedMessage id="chat.safety.reported" />
            </div>
          ) : (
            <button type="button" className="btn btn-link btn-sm p-0 mt-1 text-danger" onClick={() => onReport(m)}>
              <FormattedMessage id="chat.safety.report" />
            </button>
          )}
        </div>
      ) : null}
    </div>
  )
}

function Body({ m, mine, partnerName }: { m: Shown; mine: boolean; partnerName: string }) {
  const intl = useIntl()
  if (m.kind === 'gift' && isGiftId(m.gift)) {
    const gift = intl.formatMessage({ id: giftNameId(m.gift) })
    return (
      <div className="text-center">
        <GiftArt gift={m.gift} size={96} title={gift} />
        <div className="small">
          <FormattedMessage id={mine ? 'chat.gift.mine' : 'chat.gift.theirs'} values={{ name: partnerName, gift }} />
        </div>
      </div>
    )
  }
  if (m.kind === 'photo' && m.photo && m.id) {
    return (
      <a href={`/chats/${m.conversationId}/photos/${m.id}`} target="_blank" rel="noopener">
        <img
          className="chat-photo rounded"
          src={`/chats/${m.conversationId}/photos/${m.id}`}
          alt={mine ? intl.formatMessage({ id: 'chat.photo.altMine' }) : intl.formatMessage({ id: 'chat.photo.alt' }, { name: partnerName })}
          width={240}
          height={240}
          loading="lazy"
        />
      </a>
    )
  }
  if (m.kind === 'photo') return <FormattedMessage id="chat.photo.sending" />
  return <>{m.body}</>
}

function DeliveryState({ delivery, readLocked, onLocked }: { delivery: Delivery; readLocked: boolean; onLocked(): void }) {
  const icon = delivery === 'sent' ? 'check' : 'check-all'
  return (
    <span className="d-inline-flex align-items-center gap-1" data-testid="delivery-state" data-state={delivery}>
      <Icon name={icon} className={delivery === 'read' ? 'chat-read' : undefined} />
      <FormattedMessage id={`chat.state.${delivery}`} />
      {readLocked && delivery === 'delivered' ? (
        <button type="button" className="btn btn-link btn-sm p-0 text-reset" onClick={onLocked} data-testid="read-receipts-locked">
          <Icon name="lock-fill" />
          <span className="visually-hidden">
            <FormattedMessage id="chat.readReceiptsLocked" />
          </span>
        </button>
      ) : null}
    </span>
  )
}
