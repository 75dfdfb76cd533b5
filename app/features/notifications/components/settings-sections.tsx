import { FormattedMessage } from 'react-intl'
import { Form, Link } from 'react-router'
import { Avatar } from '#app/ui/avatar'
import { SwitchField } from '#app/ui/switch-field'

/** The privacy switches of the settings page: invisible, and privacy mode. */
export function PrivacySettings({ invisible, privacyMode, busy }: { invisible: boolean; privacyMode: boolean; busy: boolean }) {
  return (
    <section className="mb-5" aria-labelledby="privacy-title">
      <h2 id="privacy-title" className="h5">
        <FormattedMessage id="settings.privacy" />
      </h2>
      <Form method="post">
        <input type="hidden" name="intent" value="privacy" />
        <SwitchField
          name="invisible"
          label={<FormattedMessage id="settings.invisible" />}
          help={<FormattedMessage id="settings.invisibleHelp" />}
          defaultChecked={invisible}
        />
        <SwitchField
          name="privacy_mode"
          label={<FormattedMessage id="settings.privacyMode" />}
          help={<FormattedMessage id="settings.privacyModeHelp" />}
          defaultChecked={privacyMode}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          <FormattedMessage id="settings.save" />
        </button>
      </Form>
    </section>
  )
}

/** A member the viewer blocked, as the settings page lists them. */
export type BlockedMember = { id: number; name: string; age: number; thumb: string | null }

/** The members the viewer blocked, each with an unblock button. */
export function BlockedMembers({ blocked, cdnPrefix }: { blocked: BlockedMember[]; cdnPrefix: string }) {
  return (
    <section className="mb-5" aria-labelledby="blocked-title">
      <h2 id="blocked-title" className="h5">
        <FormattedMessage id="settings.blocked" />
      </h2>
      {blocked.length === 0 ? (
        <p className="text-body-secondary">
          <FormattedMessage id="settings.noneBlocked" />
        </p>
      ) : (
        <ul className="list-group" data-testid="blocked-list">
          {blocked.map((p) => (
            <li key={p.id} className="list-group-item d-flex align-items-center gap-2">
              <Avatar src={p.thumb ? `${cdnPrefix}/${p.thumb}` : null} alt="" />
              <Link to={`/members/${p.id}`} className="me-auto">
                {p.name}, {p.age}
              </Link>
              <Form method="post">
                <input type="hidden" name="intent" value="unblock" />
                <input type="hidden" name="profileId" value={p.id} />
                <button type="submit" className="btn btn-sm btn-outline-dark">
                  <FormattedMessage id="settings.unblock" />
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
