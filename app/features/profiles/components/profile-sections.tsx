import { FormattedMessage, useIntl } from 'react-intl'
import { Form, Link } from 'react-router'
import { Icon } from '#app/ui/icon'
import type { ShownProfile } from '../profile-page.server'

/** A profile's own words, its details and its interests, each section only when it has something. */
export function ProfileSections({ profile }: { profile: Pick<ShownProfile, 'aboutMe' | 'fields' | 'interests'> }) {
  const intl = useIntl()
  return (
    <>
      {profile.aboutMe ? (
        <section className="mb-4">
          <h2 className="h5">
            <FormattedMessage id="profile.aboutMe" />
          </h2>
          <p style={{ whiteSpace: 'pre-wrap' }}>{profile.aboutMe}</p>
        </section>
      ) : null}
      {Object.keys(profile.fields).length ? (
        <section className="mb-4">
          <h2 className="h5">
            <FormattedMessage id="profile.details" />
          </h2>
          <dl className="row mb-0">
            {Object.entries(profile.fields).map(([k, v]) => (
              <div className="col-sm-6 d-flex gap-2" key={k}>
                <dt className="fw-normal text-body-secondary">
                  <FormattedMessage id={`profileField.${k}`} />
                </dt>
                <dd className="mb-1">
                  {typeof v === 'boolean' ? intl.formatMessage({ id: v ? 'common.yes' : 'common.no' }) : intl.formatMessage({ id: `profileValue.${k}.${v}` })}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {profile.interests.length ? (
        <section className="mb-4">
          <h2 className="h5">
            <FormattedMessage id="profile.interests" />
          </h2>
          <ul className="list-inline">
            {profile.interests.map((i) => (
              <li key={i.slug} className="list-inline-item badge text-bg-light border mb-1 fw-normal">
                <Icon name={i.icon} className="me-1" />
                <FormattedMessage id={`interest.${i.slug}`} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  )
}

interface ActionsProps {
  profile: { id: number; isFictional: boolean }
  signedIn: boolean
  liked: boolean
  busy: boolean
}

/** Like, chat and send a gift; visitors are asked to log in first, then land where they were going (spec section 6). */
export function ProfileActions({ profile, signedIn, liked, busy }: ActionsProps) {
  const viaLogin = (to: string) => (signedIn ? to : `/login?redirectTo=${encodeURIComponent(to)}`)
  return (
    <div className="d-flex gap-2 mb-4">
      {signedIn ? (
        <Form method="post">
          <input type="hidden" name="intent" value={liked ? 'unlike' : 'like'} />
          <button type="submit" className={`btn ${liked ? 'btn-outline-primary' : 'btn-primary'}`} disabled={busy} aria-pressed={liked}>
            <Icon name={liked ? 'heart-fill' : 'heart'} className="me-1" />
            <FormattedMessage id={liked ? 'profile.liked' : 'profile.like'} />
          </button>
        </Form>
      ) : (
        <Link className="btn btn-primary" to={`/login?redirectTo=${encodeURIComponent(`/members/${profile.id}`)}`}>
          <Icon name="heart" className="me-1" />
          <FormattedMessage id="profile.like" />
        </Link>
      )}
      {/* Nobody writes as a fictional profile: its disclosure stands where the chat and gift buttons would. */}
      {profile.isFictional ? null : (
        <>
          <Link className="btn btn-outline-primary" to={viaLogin(`/members/${profile.id}/chat`)}>
            <Icon name="chat-dots" className="me-1" />
            <FormattedMessage id="profile.chat" />
          </Link>
          <Link className="btn btn-outline-primary" to={viaLogin(`/members/${profile.id}/chat?gift=1`)} data-testid="profile-gift">
            <Icon name="gift" className="me-1" />
            <FormattedMessage id="profile.sendGift" />
          </Link>
        </>
      )}
    </div>
  )
}
