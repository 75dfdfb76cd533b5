import { lazy, Suspense, useState } from 'react'
import Modal from 'react-bootstrap/Modal'
import { FormattedMessage, useIntl } from 'react-intl'
import type { SignupOptions } from '../signup-options.server'

const SignupForm = lazy(() => import('./signup-form').then((m) => ({ default: m.SignupForm })))

/** The signup modal itself (signup-modal.tsx opens it; this file loads when a visitor reaches for signup). */
export function SignupDialog({ options, show, onHide }: { options: SignupOptions; show: boolean; onHide: () => void }) {
  // It cannot be closed while the signup is being submitted.
  const [busy, setBusy] = useState(false)
  const intl = useIntl()
  return (
    <Modal show={show} onHide={() => !busy && onHide()} backdrop={busy ? 'static' : true} keyboard={!busy} centered aria-labelledby="signup-modal-title">
      <Modal.Header closeButton={!busy} closeLabel={intl.formatMessage({ id: 'modal.close' })}>
        <Modal.Title id="signup-modal-title">
          <FormattedMessage id="signup.title" />
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Suspense
          fallback={
            <div className="d-flex justify-content-center py-5" role="status">
              <span className="spinner-border text-primary" aria-hidden="true" />
              <span className="visually-hidden">
                <FormattedMessage id="signup.loading" />
              </span>
            </div>
          }
        >
          <SignupForm options={options} onBusyChange={setBusy} idPrefix="signup-modal" />
        </Suspense>
      </Modal.Body>
    </Modal>
  )
}
