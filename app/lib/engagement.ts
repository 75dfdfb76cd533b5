import { useEffect, useState } from 'react'

/**
 * Whether the member has liked someone or written a message in this browser: the moment a prompt (notifications)
 * makes sense to them, rather than on arrival (issue 27, the attention budget). Kept in the browser only.
 */
const ENGAGED_KEY = 'engagedAt'
export const ENGAGED_EVENT = 'member-engaged'

export function markEngaged(): void {
  try {
    if (localStorage.getItem(ENGAGED_KEY)) return
    localStorage.setItem(ENGAGED_KEY, new Date().toISOString())
  } catch {
    // storage off (private mode): the prompt then waits for the next page that sees an action
  }
  window.dispatchEvent(new Event(ENGAGED_EVENT))
}

export function hasEngaged(): boolean {
  try {
    return Boolean(localStorage.getItem(ENGAGED_KEY))
  } catch {
    return false
  }
}

/**
 * At most once per browser session: claims the prompt `key` for `page` the first time it is asked, and answers
 * true for that page only from then on. It writes to sessionStorage, so it runs in an effect, never in a render.
 */
export function claimFirstShowThisSession(key: string, page: string): boolean {
  try {
    const shownOn = sessionStorage.getItem(key)
    if (shownOn === null) sessionStorage.setItem(key, page)
    return shownOn === null || shownOn === page
  } catch {
    return true
  }
}

/** Whether a prompt that is `wanted` here may show: on the first page of the session that wanted it, and only there. */
export function useFirstShowThisSession(key: string, page: string, wanted: boolean): boolean {
  const [allowed, setAllowed] = useState(false)
  useEffect(() => {
    setAllowed(wanted && claimFirstShowThisSession(key, page))
  }, [key, page, wanted])
  return wanted && allowed
}
