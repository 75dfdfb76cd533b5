import { useEffect, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { Icon } from '#app/ui/icon'

/**
 * Pause/play of a lander's animation (WCAG 2.2.2: moving content that lasts over five seconds can be paused).
 * Starts paused when the visitor prefers reduced motion; the CSS also stops the animation then (app/styles/landers.scss).
 */
export function usePausable(): [boolean, (paused: boolean) => void] {
  const [paused, setPaused] = useState(false)
  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) setPaused(true)
  }, [])
  return [paused, setPaused]
}

export function MotionToggle({
  paused,
  onChange,
  className = 'btn btn-dark btn-sm',
  controls,
}: {
  paused: boolean
  onChange: (paused: boolean) => void
  className?: string
  controls?: string
}) {
  return (
    <button type="button" className={className} aria-controls={controls} onClick={() => onChange(!paused)} data-testid="motion-toggle">
      <Icon name={paused ? 'play-fill' : 'pause-fill'} className="me-1" />
      <FormattedMessage id={paused ? 'lander.motion.play' : 'lander.motion.pause'} />
    </button>
  )
}
