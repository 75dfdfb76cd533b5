import { useEffect, useState } from 'react'
import { Modal } from '#app/ui/modal'
import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import { formatCountdown, TIME_BONUS_POPUP_DELAY_MS } from '../countdown'
import { Icon } from '#app/ui/icon'

const POPUP_DISMISSED_KEY = 'timeBonusPopupDismissed'

/** Milliseconds left until `endsAt`, ticking every second (spec section 9); null once it reached 0. */
export function useCountdown(endsAt: string | null): number | null {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!endsAt) return
    const t = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(t)
  }, [endsAt])
  if (!endsAt) return null
  const left = new Date(endsAt).getTime() - now
  return left > 0 ? left : null
}

/**
 * The top banner of the members area while the time bonus runs (spec section 4): one compact line (issue 27), the
 * short wording on phones, where the long one took four lines above the profiles.
 */
export function TimeBonusBanner({ endsAt, percentage }: { endsAt: string; percentage: number }) {
  const intl = useIntl()
  const left = useCountdown(endsAt)
  if (left === null) return null
  // The server rendered the time a moment earlier: the first client render may differ by a second.
  const time = (testId?: string) => (
    <strong className="font-monospace" data-testid={testId} suppressHydrationWarning>
      {formatCountdown(left)}
    </strong>
  )
  return (
    <div
      className="alert alert-warning d-flex flex-nowrap align-items-center gap-2 py-1 px-2 px-md-3 py-md-2 time-bonus-banner"
      role="region"
      aria-label={intl.formatMessage({ id: 'timebonus.label' })}
      data-testid="time-bonus-banner"
    >
      <Icon name="stopwatch" className="fs-5 flex-shrink-0" />
      <span className="flex-grow-1 min-w-0 small-below-md">
        <span className="d-none d-md-inline">
          <FormattedMessage id="timebonus.banner" values={{ percentage, time: time('time-bonus-countdown') }} />
        </span>
        <span className="d-md-none">
          <FormattedMessage id="timebonus.bannerShort" values={{ percentage, time: time() }} />
        </span>
      </span>
      <Link to="/credits" className="btn btn-sm btn-primary text-nowrap flex-shrink-0">
        <FormattedMessage id="timebonus.cta" />
      </Link>
    </div>
  )
}

/**
 * The popup 40 s after entering the members area at 0 credits, unless dismissed before (the dismissal is kept on
 * this device). Leaving the members area unmounts it, which cancels the timer.
 */
export function TimeBonusPopup({ endsAt, percentage }: { endsAt: string; percentage: number }) {
  const intl = useIntl()
  const [open, setOpen] = useState(false)
  const left = useCountdown(endsAt)
  useEffect(() => {
    if (localStorage.getItem(POPUP_DISMISSED_KEY)) return
    const t = setTimeout(() => setOpen(true), TIME_BONUS_POPUP_DELAY_MS)
    return () => clearTimeout(t)
  }, [])
  const close = () => {
    localStorage.setItem(POPUP_DISMISSED_KEY, new Date().toISOString())
    setOpen(false)
  }
  if (left === null) return null
  return (
    <Modal show={open} onHide={close} centered aria-labelledby="time-bonus-title" data-testid="time-bonus-popup">
      <Modal.Header closeButton closeLabel={intl.formatMessage({ id: 'common.close' })}>
        <Modal.Title id="time-bonus-title">
          <FormattedMessage id="timebonus.popupTitle" values={{ percentage }} />
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          <FormattedMessage id="timebonus.popupBody" values={{ percentage }} />
        </p>
        <p className="fs-3 font-monospace text-center mb-0">{formatCountdown(left)}</p>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-dark" onClick={close}>
          <FormattedMessage id="timebonus.later" />
        </button>
        <Link to="/credits" className="btn btn-primary" onClick={close}>
          <FormattedMessage id="timebonus.cta" />
        </Link>
      </Modal.Footer>
    </Modal>
  )
}
