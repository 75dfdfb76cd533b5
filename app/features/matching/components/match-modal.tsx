import { Modal } from '#app/ui/modal'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import type { LiveProfile } from '#app/features/chat/chat-events'
import { Icon } from '#app/ui/icon'

/**
 * "It's a match" (spec section 4): closes on a click anywhere; a click on the photo or the button leads to that
 * profile's chat (or, for a fictional profile, which receives no messages, to the profile).
 */
export function MatchModal({ profile, cdnPrefix, onClose }: { profile: LiveProfile | null; cdnPrefix: string; onClose(): void }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const go = () => {
    if (!profile) return
    onClose()
    void navigate(profile.isFictional ? `/members/${profile.id}` : `/members/${profile.id}/chat`)
  }
  return (
    <Modal show={!!profile} onHide={onClose} centered aria-labelledby="match-title" data-testid="match-modal">
      {profile ? (
        // A click anywhere closes it (spec section 4); the photo and the button lead on first.
        <div onClick={onClose} role="presentation">
          <Modal.Header closeButton closeLabel={intl.formatMessage({ id: 'common.close' })}>
            <Modal.Title id="match-title" as="h2" className="h4">
              <FormattedMessage id="match.title" />
            </Modal.Title>
          </Modal.Header>
          <Modal.Body className="text-center">
            <button
              type="button"
              className="btn p-0 border-0 rounded-circle"
              onClick={(e) => (e.stopPropagation(), go())}
              aria-label={intl.formatMessage({ id: 'profile.photoOf' }, { name: profile.name })}
            >
              {profile.thumb ? (
                <img src={`${cdnPrefix}/${profile.thumb}`} alt="" className="rounded-circle match-photo" width={120} height={120} />
              ) : (
                <Icon name="person-circle" className="display-1 text-secondary" />
              )}
            </button>
            <p className="mt-3 mb-0">
              <FormattedMessage id="match.body" values={{ name: profile.name }} />
            </p>
          </Modal.Body>
          <Modal.Footer className="justify-content-center">
            <button type="button" className="btn btn-primary" onClick={(e) => (e.stopPropagation(), go())} data-testid="match-go">
              <FormattedMessage id={profile.isFictional ? 'match.viewProfile' : 'match.chat'} />
            </button>
          </Modal.Footer>
        </div>
      ) : null}
    </Modal>
  )
}
