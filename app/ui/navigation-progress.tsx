import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { useNavigation } from 'react-router'

/** After this long a pending navigation shows the bar; a quicker one never flashes it. */
export const PROGRESS_DELAY_MS = 150

/**
 * A slim bar across the top of the window while a page change or a form post waits on the server (issue 27), so a
 * tap that takes a moment visibly did something. Screen readers hear nothing new: the bar is a busy indicator.
 */
export function NavigationProgress() {
  const intl = useIntl()
  const busy = useNavigation().state !== 'idle'
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!busy) return setShown(false)
    const timer = setTimeout(() => setShown(true), PROGRESS_DELAY_MS)
    return () => clearTimeout(timer)
  }, [busy])
  if (!shown) return null
  return (
    <div className="navigation-progress" role="progressbar" aria-label={intl.formatMessage({ id: 'common.loadingPage' })} data-testid="navigation-progress">
      <div className="navigation-progress-bar" />
    </div>
  )
}
