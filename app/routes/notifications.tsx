import { FormattedMessage } from 'react-intl'
import { Form, Link, useNavigation } from 'react-router'
import { requireViewer } from '#app/features/accounts/auth.server'
import { getPrivacy, setPrivacy } from '#app/features/profiles/privacy.server'
import { listBlocked, unblockMember } from '#app/features/safety/block.server'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import { Avatar } from '#app/ui/avatar'
import type { Route } from './+types/notifications'

/** Settings (the account menu's "Settings", spec section 2): privacy and the members you blocked. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const [privacy, blocked] = await Promise.all([getPrivacy(viewer.profileId), listBlocked(viewer.profileId)])
  return { privacy, blocked }
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request)
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'privacy') {
    await setPrivacy(viewer.profileId, { invisible: form.get('invisible') === 'on', privacyMode: form.get('privacy_mode') === 'on' })
    return { notice: 'settings.saved' }
  }
  if (intent === 'unblock') {
    await unblockMember(viewer.profileId, Number(form.get('profileId')))
    return { notice: 'settings.unblocked' }
  }
  return null
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  return (
    <div className="row justify-content-center">
      <div className="col-lg-8">
        <h1 className="h3 mb-4">
          <FormattedMessage id="settings.title" />
        </h1>
        {actionData?.notice ? (
          <div className="alert alert-success" role="status">
            <FormattedMessage id={actionData.notice} />
          </div>
        ) : null}
        <section className="mb-5" aria-labelledby="privacy-title">
          <h2 id="privacy-title" className="h5">
            <FormattedMessage id="settings.privacy" />
          </h2>
          <Form method="post">
            <input type="hidden" name="intent" value="privacy" />
            <div className="form-check form-switch mb-2">
              <input className="form-check-input" type="checkbox" role="switch" id="invisible" name="invisible" defaultChecked={loaderData.privacy.invisible} />
              <label className="form-check-label" htmlFor="invisible">
                <FormattedMessage id="settings.invisible" />
              </label>
              <div className="form-text">
                <FormattedMessage id="settings.invisibleHelp" />
              </div>
            </div>
            <div className="form-check form-switch mb-3">
              <input className="form-check-input" type="checkbox" role="switch" id="privacy_mode" name="privacy_mode" defaultChecked={loaderData.privacy.privacyMode} />
              <label className="form-check-label" htmlFor="privacy_mode">
                <FormattedMessage id="settings.privacyMode" />
              </label>
              <div className="form-text">
                <FormattedMessage id="settings.privacyModeHelp" />
              </div>
            </div>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              <FormattedMessage id="settings.save" />
            </button>
          </Form>
        </section>
        <section aria-labelledby="blocked-title">
          <h2 id="blocked-title" className="h5">
            <FormattedMessage id="settings.blocked" />
          </h2>
          {loaderData.blocked.length === 0 ? (
            <p className="text-body-secondary">
              <FormattedMessage id="settings.noneBlocked" />
            </p>
          ) : (
            <ul className="list-group" data-testid="blocked-list">
              {loaderData.blocked.map((p) => (
                <li key={p.id} className="list-group-item d-flex align-items-center gap-2">
                  <Avatar src={p.thumb ? `${root.site.cdnPrefix}/${p.thumb}` : null} alt="" />
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
      </div>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'settings.title')]
}
