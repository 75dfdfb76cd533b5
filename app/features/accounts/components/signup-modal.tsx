import { createContext, useContext, useEffect, useState, type MouseEvent, type ReactNode } from 'react'
import Modal from 'react-bootstrap/Modal'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useLocation } from 'react-router'
import type { SignupOptions } from '../signup-options.server'
import { SignupForm } from './signup-form'

const SignupModalContext = createContext<{ open: () => boolean }>({ open: () => false })

// Spec section 2: smartphones go to the signup page; larger screens get the modal.
const SMARTPHONE_MAX_WIDTH = 576

/** Provides the signup modal to visitors; it cannot be closed while the signup is being submitted. */
export function SignupModalProvider({ options, children }: { options: SignupOptions | null; children: ReactNode }) {
  const [show, setShow] = useState(false)
  const [busy, setBusy] = useState(false)
  const intl = useIntl()
  const location = useLocation()
  // A navigation (say, to the signup page after a server-side error) closes the modal.
  useEffect(() => setShow(false), [location.pathname])
  const open = () => {
    if (!options || window.innerWidth < SMARTPHONE_MAX_WIDTH || location.pathname.startsWith('/signup')) return false
    setShow(true)
    return true
  }
  return (
    <SignupModalContext.Provider value={{ open }}>
      {children}
      {options ? (
        <Modal show={show} onHide={() => !busy && setShow(false)} backdrop={busy ? 'static' : true} keyboard={!busy} centered aria-labelledby="signup-modal-title">
          <Modal.Header closeButton={!busy} closeLabel={intl.formatMessage({ id: 'modal.close' })}>
            <Modal.Title id="signup-modal-title">
              <FormattedMessage id="signup.title" />
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <SignupForm options={options} onBusyChange={setBusy} idPrefix="signup-modal" />
          </Modal.Body>
        </Modal>
      ) : null}
    </SignupModalContext.Provider>
  )
}

/** A link to /signup that opens the modal instead where the screen is large enough. */
export function SignupLink({ className, children }: { className?: string; children: ReactNode }) {
  const { open } = useContext(SignupModalContext)
  return (
    <Link
      to="/signup"
      className={className}
      onClick={(e: MouseEvent) => {
        if (open()) e.preventDefault()
      }}
    >
      {children}
    </Link>
  )
}
