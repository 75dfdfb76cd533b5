import { useEffect } from 'react'
import { showAppBadge } from '#app/lib/app-badge'
import { stripTitleCount, titleWithCount } from '#app/lib/title-count'

/**
 * Puts the number of waiting things (unread messages + new likes) in front of the page title and on the app badge
 * (spec section 4). Renders nothing. The title itself comes from the routes' meta() through <Meta />; whenever
 * React or anybody else rewrites it, the prefix is put back.
 */
export function AttentionSignals({ count }: { count: number }) {
  useEffect(() => {
    const apply = () => {
      const next = titleWithCount(document.title, count)
      if (document.title !== next) document.title = next
    }
    apply()
    const observer = new MutationObserver(apply)
    observer.observe(document.head, { childList: true, subtree: true, characterData: true })
    return () => {
      observer.disconnect()
      document.title = stripTitleCount(document.title)
    }
  }, [count])

  useEffect(() => showAppBadge(count), [count])
  return null
}
