import { createContext, lazy, Suspense, useContext, useEffect, useState, type MouseEvent, type ReactNode } from 'react'
import { Modal, preloadModal } from '#app/ui/modal'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link, useLocation } from 'react-router'
import type { SignupOptions } from '../signup-options.server'

// The form and its validation schemas, and the Modal's code, load when a visitor first reaches for signup (pointer,
// focus or click), not with every page: they were a quarter of the scripts of each page (issue 14, docs/performance.md).
const loadSignupForm = () => import('./signup-form')
const preloadSignup = () => {
  preloadModal()
  void loadSignupForm()
}
const SignupForm = lazy(() => loadSignupForm().then((m) => ({ default: m.SignupForm })))

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
        <Modal
          show={show}
          onHide={() => !busy && setShow(false)}
          backdrop={busy ? 'static' : true}
          keyboard={!busy}
          centered
          aria-labelledby="signup-modal-title"
        >
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
      onPointerEnter={preloadSignup}
      onFocus={preloadSignup}
      onClick={(e: MouseEvent) => {
        if (open()) e.preventDefault()
      }}
    >
      {children}
    </Link>
  )
}
