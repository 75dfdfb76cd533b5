import { FormattedMessage, useIntl } from 'react-intl'
import { Form } from 'react-router'
import { emailTypes, type NotificationSettings } from '../preferences'
import { PushStep } from './push-step'

/**
 * The notification part of the settings page: e-mail per type, push on/off and discreet pushes, this browser's
 * push subscription, and why e-mails are off when they are (spec section 4, disabled-notifications alert).
 */
export function NotificationSettingsForm({
  settings,
  disabled,
  email,
  siteName,
  pushKey,
  busy,
}: {
  settings: NotificationSettings
  disabled: string[]
  email: string
  siteName: string
  pushKey: string
  busy: boolean
}) {
  const intl = useIntl()
  return (
    <>
      {disabled.length ? (
        <div className="alert alert-warning" role="alert" data-testid="notifications-disabled">
          <h3 className="h6 alert-heading">
            <FormattedMessage id="notify.disabled.title" />
          </h3>
          {disabled.map((reason) => (
            <p key={reason} className="mb-2">
              <FormattedMessage id={`notify.disabled.${reason}`} values={{ email }} />
            </p>
          ))}
          <Form method="post">
            <input type="hidden" name="intent" value="notifications_enable" />
            <button type="submit" className="btn btn-sm btn-dark" disabled={busy}>
              <FormattedMessage id="notify.enable" />
            </button>
          </Form>
        </div>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="notifications" />
        <fieldset className="mb-3">
          <legend className="h6">
            <FormattedMessage id="notify.emailHeading" />
          </legend>
          {emailTypes.map((type) => (
            <div className="form-check" key={type}>
              <input
                className="form-check-input"
                type="checkbox"
                id={`email-${type}`}
                name="email"
                value={type}
                defaultChecked={settings.emailTypes.includes(type)}
              />
              <label className="form-check-label" htmlFor={`email-${type}`}>
                {intl.formatMessage({ id: `notify.type.${type}` }, { site: siteName })}
              </label>
            </div>
          ))}
        </fieldset>
        <fieldset className="mb-3">
          <legend className="h6">
            <FormattedMessage id="notify.pushHeading" />
          </legend>
          <div className="form-check form-switch">
            <input className="form-check-input" type="checkbox" role="switch" id="push_enabled" name="push_enabled" defaultChecked={settings.pushEnabled} />
            <label className="form-check-label" htmlFor="push_enabled">
              <FormattedMessage id="notify.pushEnabled" />
            </label>
          </div>
          <div className="form-check form-switch mb-2">
            <input className="form-check-input" type="checkbox" role="switch" id="push_discreet" name="push_discreet" defaultChecked={settings.pushDiscreet} />
            <label className="form-check-label" htmlFor="push_discreet">
              <FormattedMessage id="notify.pushDiscreet" />
            </label>
          </div>
        </fieldset>
        <button type="submit" className="btn btn-primary mb-3" disabled={busy}>
          <FormattedMessage id="notify.save" />
        </button>
      </Form>
      {pushKey ? <PushStep publicKey={pushKey} /> : null}
    </>
  )
}
