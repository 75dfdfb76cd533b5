import { Modal } from '#app/ui/modal'
import { FormattedMessage, useIntl } from 'react-intl'
import { giftIds, giftNameId, type GiftId } from '../gift-catalog'
import { GiftArt } from './gift-art'

/** The gift catalogue as a modal; choosing one sends it (each costs gift_credits). */
export function GiftPicker({
  show,
  partnerName,
  cost,
  onClose,
  onChoose,
}: {
  show: boolean
  partnerName: string
  cost: number
  onClose(): void
  onChoose(gift: GiftId): void
}) {
  const intl = useIntl()
  const costText = intl.formatMessage({ id: 'chat.cost' }, { credits: cost })
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="gift-picker-title">
      <Modal.Header closeButton closeLabel={intl.formatMessage({ id: 'common.close' })}>
        <Modal.Title id="gift-picker-title" as="h2" className="h5">
          <FormattedMessage id="chat.gift.title" values={{ name: partnerName }} />
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">
          <FormattedMessage id="chat.gift.intro" values={{ cost: costText }} />
        </p>
        <ul className="list-unstyled row row-cols-3 row-cols-sm-4 g-2 mb-0" data-testid="gift-list">
          {giftIds.map((id) => {
            const name = intl.formatMessage({ id: giftNameId(id) })
            return (
              <li key={id} className="col">
                <button
                  type="button"
                  className="btn btn-outline-dark w-100 h-100 p-1 d-flex flex-column align-items-center"
                  onClick={() => onChoose(id)}
                  aria-label={intl.formatMessage({ id: 'chat.gift.choose' }, { gift: name })}
                >
                  <GiftArt gift={id} size={64} />
                  <span className="small">{name}</span>
                </button>
              </li>
            )
          })}
        </ul>
      </Modal.Body>
    </Modal>
  )
}
