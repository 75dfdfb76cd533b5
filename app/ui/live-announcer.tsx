import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * A polite live region for updates that arrive by themselves (a new message, a new like): screen readers read
 * them out without the focus moving. The region is in the page from the start (it must exist before its text
 * changes to be announced) and is visually hidden.
 */
export function useAnnouncer(): [string, (text: string) => void] {
  const [message, setMessage] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const announce = useCallback((text: string) => {
    // Emptied first, so the same text twice in a row is read twice.
    setMessage('')
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setMessage(text), 100)
  }, [])
  useEffect(() => () => clearTimeout(timer.current), [])
  return [message, announce]
}

export function LiveAnnouncer({ message, testId }: { message: string; testId?: string }) {
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid={testId}>
      {message}
    </div>
  )
}
