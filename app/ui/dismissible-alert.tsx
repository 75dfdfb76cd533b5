import { useEffect, useState, type ReactNode } from 'react'
import { useIntl } from 'react-intl'

/**
 * An alert the member can dismiss; the dismissal is stored with its timestamp in the browser (spec section 4).
 * Rendered only after hydration, since the server cannot know about the dismissal.
 */
export function DismissibleAlert({ storageKey, variant = 'info', children }: { storageKey: string; variant?: string; children: ReactNode }) {
  const intl = useIntl()
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    try {
      setVisible(!localStorage.getItem(storageKey))
    } catch {
      setVisible(true)
    }
  }, [storageKey])
  if (!visible) return null
  return (
    <div className={`alert alert-${variant} d-flex align-items-center gap-2`} role="status">
      <div className="flex-grow-1">{children}</div>
      <button
        type="button"
        className="btn-close"
        aria-label={intl.formatMessage({ id: 'alert.dismiss' })}
        onClick={() => {
          try {
            localStorage.setItem(storageKey, new Date().toISOString())
          } catch {
            // private mode: hide for this page view only
          }
          setVisible(false)
        }}
      />
    </div>
  )
}
