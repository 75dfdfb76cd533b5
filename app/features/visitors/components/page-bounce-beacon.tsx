import { useEffect } from 'react'

const FLAG_KEY = 'lb'

/**
 * Page-bounce logging (spec section 7): a visit that arrives with `lb` in its query turns it on for the rest of
 * the browser session; from then on every page that becomes hidden sends an empty JSON beacon to
 * /api/page-hidden.php.
 */
export function PageBounceBeacon() {
  useEffect(() => {
    try {
      if (new URLSearchParams(window.location.search).has(FLAG_KEY)) sessionStorage.setItem(FLAG_KEY, '1')
      if (sessionStorage.getItem(FLAG_KEY) !== '1') return
    } catch {
      return // storage blocked: no logging
    }
    const onVisibility = () => {
      if (document.visibilityState !== 'hidden') return
      navigator.sendBeacon?.('/api/page-hidden.php', new Blob(['{}'], { type: 'application/json' }))
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [])
  return null
}
