import { useEffect, useRef, useState } from 'react'
import { Modal } from '#app/ui/modal'
import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { isStandalone } from '#app/lib/installed-app'
import { ENTRY_WARNING_COOKIE, ENTRY_WARNING_COOKIE_MAX_AGE } from '../entry-warning'
import { Icon } from '#app/ui/icon'

/**
 * The site-entry warning 'Important information' (spec section 2). The server decides whether this visitor may
 * see it (`show`: logged out, not skipped, setting and country); the browser adds the installed-app check, so the
 * modal opens after hydration. Closing it, by the button, Escape or the backdrop, stores the skipped timestamp.
 */
export function EntryWarning({ show, siteName, minimumAge }: { show: boolean; siteName: string; minimumAge: number }) {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (show && !isStandalone()) setOpen(true)
  }, [show])
  const close = () => {
    document.cookie = `${ENTRY_WARNING_COOKIE}=${Date.now()}; Max-Age=${ENTRY_WARNING_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`
    setOpen(false)
  }
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
