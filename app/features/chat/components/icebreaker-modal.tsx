import { Modal } from '#app/ui/modal'
import { FormattedMessage, useIntl } from 'react-intl'
import { pickIcebreakers } from '../icebreakers'

/**
 * Opening lines for an empty conversation, in the member's language and fitted to the other profile (shared
 * interests first); a click puts one in the message box, to be changed or sent.
 */
export function IcebreakerModal(props: {
  show: boolean
  partnerId: number
  partnerName: string
  interests: { viewer: string[]; partner: string[] }
  onClose(): void
  onPick(text: string): void
}) {
  const intl = useIntl()
  const lines = pickIcebreakers({
    viewerInterests: props.interests.viewer,
    partnerInterests: props.interests.partner,
    partnerName: props.partnerName,
    seed: props.partnerId,
  }).map((b) => {
    const values: Record<string, string> = { name: props.partnerName, ...b.values }
    if (values.interest) values.interest = intl.formatMessage({ id: `interest.${values.interest}` })
    return { id: b.id, text: intl.formatMessage({ id: b.id }, values) }
  })
  return (
    <Modal show={props.show} onHide={props.onClose} centered aria-labelledby="icebreaker-title">
      <Modal.Header closeButton closeLabel={intl.formatMessage({ id: 'common.close' })}>
        <Modal.Title id="icebreaker-title" as="h2" className="h5">
          <FormattedMessage id="chat.icebreaker.title" values={{ name: props.partnerName }} />
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">
          <FormattedMessage id="chat.icebreaker.intro" />
        </p>
        <div className="d-grid gap-2" data-testid="icebreakers">
          {lines.map((l) => (
            <button key={l.id} type="button" className="btn btn-outline-dark text-start" onClick={() => props.onPick(l.text)}>
              {l.text}
            </button>
          ))}
        </div>
      </Modal.Body>
    </Modal>
  )
}
