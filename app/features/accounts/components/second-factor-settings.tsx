import { FormattedMessage, useIntl } from 'react-intl'
import { Form } from 'react-router'
import type { SecondFactorReply, SecondFactorState } from '#app/features/accounts/second-factor-settings.server'
import { FormField } from '#app/ui/form-field'
import { RecoveryCodesOnce } from './recovery-codes-once'

/**
 * Account settings: the optional second factor. Off: a button to begin. Begun: the QR code, the key as text and a
 * first code to confirm. On: the recovery codes once, how many are left, and turning it off with the password.
 */
export function SecondFactorSettings({ state, reply, busy }: { state: SecondFactorState; reply: SecondFactorReply | null; busy: boolean }) {
  const error = reply?.totp === 'error' ? reply : null
  return (
    <div data-testid="second-factor">
      {reply?.totp === 'enabled' ? <RecoveryCodesOnce codes={reply.recoveryCodes} /> : null}
      {state.enabled ? <Enabled codesLeft={state.codesLeft} error={error?.field === 'password' ? error.error : null} busy={busy} /> : null}
      {!state.enabled && state.pending ? <Pending pending={state.pending} error={error?.field === 'code' ? error.error : null} busy={busy} /> : null}
      {!state.enabled && !state.pending ? (
        <Form method="post">
          <p className="text-body-secondary">
            <FormattedMessage id="account.totp.off" />
          </p>
          <button type="submit" name="intent" value="totp-start" className="btn btn-outline-primary" disabled={busy}>
            <FormattedMessage id="account.totp.start" />
          </button>
        </Form>
      ) : null}
    </div>
  )
}

function Pending({ pending, error, busy }: { pending: NonNullable<SecondFactorState['pending']>; error: string | null; busy: boolean }) {
  const intl = useIntl()
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="totp-confirm" />
      <p>
        <FormattedMessage id="account.totp.scan" />
      </p>
      {/* SVG made by the qrcode library on the server from our own data. */}
      <div
        style={{ width: 200 }}
        className="mb-2"
        role="img"
        aria-label={intl.formatMessage({ id: 'account.totp.qr' })}
        dangerouslySetInnerHTML={{ __html: pending.qr }}
      />
      <p>
        <FormattedMessage id="account.totp.secretLabel" /> <code data-testid="member-totp-secret">{pending.secret}</code>
      </p>
      <FormField
        label={<FormattedMessage id="account.totp.codeLabel" />}
        name="code"
        id="totp-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        errors={error ? [error] : undefined}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        <FormattedMessage id="account.totp.confirm" />
      </button>
    </Form>
  )
}

function Enabled({ codesLeft, error, busy }: { codesLeft: number; error: string | null; busy: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="totp-disable" />
      <p className="text-success" data-testid="second-factor-on">
        <FormattedMessage id="account.totp.on" values={{ count: codesLeft }} />
      </p>
      <FormField
        label={<FormattedMessage id="field.passwordLabel" />}
        name="password"
        id="totp-disable-password"
        type="password"
        autoComplete="current-password"
        errors={error ? [error] : undefined}
      />
      <button type="submit" className="btn btn-outline-danger" disabled={busy}>
        <FormattedMessage id="account.totp.disable" />
      </button>
    </Form>
  )
}
