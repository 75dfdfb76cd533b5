import { useEffect, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { currentPushState, subscribeToPush, type PushState } from '../push-client'
import { Icon } from '#app/ui/icon'

/** Asks the browser for notification permission, registers the service worker and stores the subscription. */
export function PushStep({ publicKey }: { publicKey: string }) {
  const [state, setState] = useState<PushState>('unknown')
  useEffect(() => {
    void currentPushState().then(setState)
  }, [])

  async function subscribe() {
    setState(await subscribeToPush(publicKey))
  }

  if (state === 'unknown') return null
  return (
    <div className="mb-3" aria-live="polite">
      {state === 'capable' || state === 'failed' ? (
        <button type="button" className="btn btn-primary" onClick={() => void subscribe()}>
          <Icon name="bell" className="me-1" />
          <FormattedMessage id="push.allow" />
        </button>
      ) : null}
      {state === 'subscribed' ? (
        <div className="alert alert-success" role="status">
          <FormattedMessage id="push.subscribed" />
        </div>
      ) : null}
      {state === 'denied' ? (
        <div className="alert alert-light border" role="status">
          <FormattedMessage id="push.denied" />
        </div>
      ) : null}
      {state === 'incapable' ? (
        <div className="alert alert-light border" role="status">
          <FormattedMessage id="push.incapable" />
        </div>
      ) : null}
      {state === 'failed' ? (
        <div className="text-danger small mt-2" role="alert">
          <FormattedMessage id="error.tryLater" />
        </div>
      ) : null}
    </div>
  )
}
