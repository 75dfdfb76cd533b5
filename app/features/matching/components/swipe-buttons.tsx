import { FormattedMessage } from 'react-intl'
import { Form, Link } from 'react-router'
import { Icon } from '#app/ui/icon'

/** The swipe game's skip and like buttons under the card; without JavaScript they are plain forms. */
export function SwipeButtons({ profileId, busy, out, onAct }: { profileId: number; busy: boolean; out: boolean; onAct: (intent: 'like' | 'skip') => void }) {
  return (
    <div className="d-flex justify-content-center gap-3 mt-3">
      <Form method="post" onSubmit={(e) => (e.preventDefault(), onAct('skip'))}>
        <input type="hidden" name="intent" value="skip" />
        <input type="hidden" name="profileId" value={profileId} />
        <button type="submit" className="btn btn-lg btn-outline-dark rounded-pill px-4" disabled={busy}>
          <Icon name="x-lg" className="me-1" />
          <FormattedMessage id="swipe.skip" />
        </button>
      </Form>
      <Form method="post" onSubmit={(e) => (e.preventDefault(), onAct('like'))}>
        <input type="hidden" name="intent" value="like" />
        <input type="hidden" name="profileId" value={profileId} />
        <button type="submit" className="btn btn-lg btn-primary rounded-pill px-4" disabled={busy || out}>
          <Icon name="heart-fill" className="me-1" />
          <FormattedMessage id="swipe.like" />
        </button>
      </Form>
    </div>
  )
}

/** No profile left to propose: the way to the search instead. */
export function SwipeEmpty() {
  return (
    <div className="alert alert-light border text-center py-4" role="status" data-testid="swipe-empty">
      <FormattedMessage id="swipe.empty" />
      <div className="mt-2">
        <Link to="/members" className="btn btn-primary btn-sm">
          <FormattedMessage id="nav.search" />
        </Link>
      </div>
    </div>
  )
}
