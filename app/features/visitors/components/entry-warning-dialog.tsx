import { useRef } from 'react'
import Modal from 'react-bootstrap/Modal'
import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { Icon } from '#app/ui/icon'

/** The entry warning's dialog (entry-warning.tsx decides when it opens; this file loads then). */
export function EntryWarningDialog({ open, close, siteName, minimumAge }: { open: boolean; close: () => void; siteName: string; minimumAge: number }) {
  const button = useRef<HTMLButtonElement>(null)
  return (
    <Modal show={open} onHide={close} onEntered={() => button.current?.focus()} centered aria-labelledby="entry-warning-title" data-testid="entry-warning">
      <Modal.Header>
        <Modal.Title id="entry-warning-title" as="h2" className="h5">
          <Icon name="info-circle" className="me-2" />
          <FormattedMessage id="entryWarning.title" />
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          <FormattedMessage id="entryWarning.adults" values={{ name: siteName, age: minimumAge }} />
        </p>
        <p>
          <FormattedMessage id="entryWarning.fictional" values={{ name: siteName }} />
        </p>
        <p>
          <FormattedMessage id="entryWarning.credits" />
        </p>
        <p className="mb-0">
          <FormattedMessage
            id="entryWarning.terms"
            values={{
              terms: (chunks) => (
                <Link to="/pages/terms" onClick={close}>
                  {chunks}
                </Link>
              ),
              privacy: (chunks) => (
                <Link to="/pages/privacy" onClick={close}>
                  {chunks}
                </Link>
              ),
            }}
          />
        </p>
      </Modal.Body>
      <Modal.Footer>
        <button ref={button} type="button" className="btn btn-primary" onClick={close}>
          <FormattedMessage id="entryWarning.accept" values={{ age: minimumAge }} />
        </button>
      </Modal.Footer>
    </Modal>
  )
}
