import { lazy, Suspense, useEffect, useState } from 'react'
import { isStandalone } from '#app/lib/installed-app'
import { ENTRY_WARNING_COOKIE, ENTRY_WARNING_COOKIE_MAX_AGE } from '../entry-warning'

// The dialog and react-bootstrap's Modal load when the warning opens: most visitors never see it, and they were 8 KB
// of every logged-out page's scripts (issue 26).
const EntryWarningDialog = lazy(() => import('./entry-warning-dialog').then((m) => ({ default: m.EntryWarningDialog })))

/**
 * The site-entry warning 'Important information' (spec section 2). The server decides whether this visitor may
 * see it (`show`: logged out, not skipped, setting and country); the browser adds the installed-app check, so the
 * modal opens after hydration. Closing it, by the button, Escape or the backdrop, stores the skipped timestamp.
 */
export function EntryWarning({ show, siteName, minimumAge }: { show: boolean; siteName: string; minimumAge: number }) {
  const [open, setOpen] = useState(false)
  // Once opened it stays mounted, so that closing it plays the fade-out.
  const [opened, setOpened] = useState(false)
  useEffect(() => {
    if (show && !isStandalone()) {
      setOpen(true)
      setOpened(true)
    }
  }, [show])
  const close = () => {
    document.cookie = `${ENTRY_WARNING_COOKIE}=${Date.now()}; Max-Age=${ENTRY_WARNING_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`
    setOpen(false)
  }
  if (!opened) return null
  return (
    <Suspense fallback={null}>
      <EntryWarningDialog open={open} close={close} siteName={siteName} minimumAge={minimumAge} />
    </Suspense>
  )
}
