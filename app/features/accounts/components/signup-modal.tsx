import { createContext, lazy, Suspense, useContext, useEffect, useState, type MouseEvent, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import type { SignupOptions } from '../signup-options.server'

// The dialog, react-bootstrap's Modal, the form and its validation schemas load when a visitor first reaches for
// signup (pointer, focus or click), not with every page: the form was a quarter of the scripts of each page (issue
// 14), the Modal 8 KB of every logged-out page's (issue 26; docs/performance.md).
const SignupDialog = lazy(() => import('./signup-dialog').then((m) => ({ default: m.SignupDialog })))
// The dialog opens at once, with a spinner until the form is there.
const preloadSignup = () => {
  void import('./signup-dialog')
  void import('./signup-form')
}

const SignupModalContext = createContext<{ open: () => boolean }>({ open: () => false })

// Spec section 2: smartphones go to the signup page; larger screens get the modal.
const SMARTPHONE_MAX_WIDTH = 576

/** Provides the signup modal to visitors; it cannot be closed while the signup is being submitted. */
export function SignupModalProvider({ options, children }: { options: SignupOptions | null; children: ReactNode }) {
  const [show, setShow] = useState(false)
  // Once opened it stays mounted, so that closing it plays the fade-out.
  const [opened, setOpened] = useState(false)
  const location = useLocation()
  // A navigation (say, to the signup page after a server-side error) closes the modal.
  useEffect(() => setShow(false), [location.pathname])
  const open = () => {
    if (!options || window.innerWidth < SMARTPHONE_MAX_WIDTH || location.pathname.startsWith('/signup')) return false
    setShow(true)
    setOpened(true)
    return true
  }
  return (
    <SignupModalContext.Provider value={{ open }}>
      {children}
      {options && opened ? (
        <Suspense fallback={null}>
          <SignupDialog options={options} show={show} onHide={() => setShow(false)} />
        </Suspense>
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
      onPointerEnter={() => preloadSignup()}
      onFocus={() => preloadSignup()}
      onClick={(e: MouseEvent) => {
        if (open()) e.preventDefault()
      }}
    >
      {children}
    </Link>
  )
}
