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
 * At most once per browser session: true on the page where the prompt `key` was first shown in this session (and on
 * that page's re-renders), false on every other page after it.
 */
export function firstShowThisSession(key: string, page: string): boolean {
  try {
    const shownOn = sessionStorage.getItem(key)
    if (shownOn === null) sessionStorage.setItem(key, page)
    return shownOn === null || shownOn === page
  } catch {
    return true
  }
}
