import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { Form, Link } from 'react-router'
import { FormErrors } from '#app/ui/form-errors'
import { FormField } from '#app/ui/form-field'
import type { SessionInfo } from '#app/features/authentication/sessions.server'
import { DeviceLabel } from '#app/ui/device-label'

type Errors = Record<string, string[] | undefined> | undefined

/** E-mail, password and username changes. Each form keeps what was typed (but passwords) on an error. */
export function AccountForms({
  email,
  name,
  intent,
  errors,
  values,
}: {
  email: string
  name: string
  intent?: string
  errors: Errors
  values?: Record<string, string>
}) {
  const err = (i: string, f: string) => (intent === i ? errors?.[f] : undefined)
  return (
    <>
      <Form method="post" className="mb-4" aria-labelledby="email-title">
        <h3 id="email-title" className="h6">
          <FormattedMessage id="account.changeEmail" />
        </h3>
        <input type="hidden" name="intent" value="email" />
        <p className="small text-body-secondary mb-2">
          <FormattedMessage id="account.currentEmail" values={{ email }} />
        </p>
        <FormErrors errors={err('email', '')} className="py-2" />
        <FormField
          label={<FormattedMessage id="account.newEmail" />}
          id="account-email"
          name="email"
          type="email"
          autoComplete="email"
          errors={err('email', 'email')}
          defaultValue={intent === 'email' ? values?.email : ''}
          required
        />
        <FormField
          label={<FormattedMessage id="field.oldPassword" />}
          id="account-email-password"
          name="password"
          type="password"
          autoComplete="current-password"
          errors={err('email', 'password')}
          required
        />
        <button type="submit" className="btn btn-outline-primary">
          <FormattedMessage id="account.sendConfirmation" />
        </button>
      </Form>
      <Form method="post" className="mb-4" aria-labelledby="password-title">
        <h3 id="password-title" className="h6">
          <FormattedMessage id="account.changePassword" />
        </h3>
        <input type="hidden" name="intent" value="password" />
        <FormErrors errors={err('password', '')} className="py-2" />
        <FormField
          label={<FormattedMessage id="field.oldPassword" />}
          id="account-old-password"
          name="old_password"
          type="password"
          autoComplete="current-password"
          errors={err('password', 'old_password')}
          required
        />
        <FormField
          label={<FormattedMessage id="field.newPassword" />}
          id="account-new-password"
          name="password"
          type="password"
          autoComplete="new-password"
          errors={err('password', 'password')}
          required
        />
        <FormField
          label={<FormattedMessage id="field.repeatPassword" />}
          id="account-repeat-password"
          name="password_repeat"
          type="password"
          autoComplete="new-password"
          errors={err('password', 'password_repeat')}
          required
        />
        <button type="submit" className="btn btn-outline-primary">
          <FormattedMessage id="account.savePassword" />
        </button>
      </Form>
      <Form method="post" className="mb-4" aria-labelledby="username-title">
        <h3 id="username-title" className="h6">
          <FormattedMessage id="account.changeUsername" />
        </h3>
        <input type="hidden" name="intent" value="username" />
        <FormField
          label={<FormattedMessage id="field.name" />}
          id="account-username"
          name="name"
          type="text"
          errors={err('username', 'name')}
          defaultValue={intent === 'username' ? values?.name : name}
          required
        />
        <button type="submit" className="btn btn-outline-primary">
          <FormattedMessage id="account.saveUsername" />
        </button>
      </Form>
    </>
  )
}

/**
 * The member's sessions (spec: sessions are revocable). Each can be ended on its own, behind the password; ending
 * this device's session logs out. `failed`: the session whose ending was refused, with why.
 */
export function SessionsList({ sessions, failed }: { sessions: SessionInfo[]; failed?: { session: string; errors: string[] } | null }) {
  return (
    <>
      <ul className="list-group mb-3" data-testid="sessions">
        {sessions.map((s) => (
          <li key={s.id} className="list-group-item small" data-testid="session">
            <div className="d-flex justify-content-between gap-2">
              <span className="text-truncate" data-testid="session-device">
                <DeviceLabel browser={s.device.browser} os={s.device.os} country={s.country} />
              </span>
              {s.current ? (
                <span className="badge text-bg-success">
                  <FormattedMessage id="account.thisDevice" />
                </span>
              ) : null}
            </div>
            <span className="text-body-secondary">
              <FormattedMessage id="account.lastUsed" values={{ date: <FormattedDate value={s.lastUsedAt} dateStyle="medium" timeStyle="short" /> }} />
            </span>
            <details className="mt-2" open={failed?.session === s.id}>
              <summary className="link-danger">
                <FormattedMessage id="account.endSession" />
              </summary>
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="end_session" />
                <input type="hidden" name="session" value={s.id} />
                <p className="text-body-secondary mb-2">
                  <FormattedMessage id={s.current ? 'account.endSessionCurrentHelp' : 'account.endSessionHelp'} />
                </p>
                <FormField
                  label={<FormattedMessage id="field.passwordLabel" />}
                  id={`end-session-${s.id}`}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  errors={failed?.session === s.id ? failed.errors : undefined}
                  required
                />
                <button type="submit" className="btn btn-sm btn-outline-danger">
                  <FormattedMessage id="account.endSessionSubmit" />
                </button>
              </Form>
            </details>
          </li>
        ))}
      </ul>
      <Form method="post">
        <input type="hidden" name="intent" value="logout_all" />
        <button type="submit" className="btn btn-outline-danger">
          <FormattedMessage id="account.logoutEverywhere" />
        </button>
      </Form>
    </>
  )
}

export const deletionReasonIds = ['found_partner', 'not_enough_matches', 'too_expensive', 'privacy', 'taking_break', 'other'] as const

/** Delete account: the retention offer first, then a reason and the password. */
export function DeleteAccount({ discount, errors, granted }: { discount: number; errors: Errors; granted?: { code: string; percentage: number } | null }) {
  const intl = useIntl()
  return (
    <details className="border border-danger-subtle rounded p-3" open={!!errors || !!granted}>
      <summary className="text-danger fw-semibold">
        <FormattedMessage id="account.delete" />
      </summary>
      {discount > 0 ? (
        <div className="alert alert-info mt-3" role="note">
          <strong>
            <FormattedMessage id="account.retentionTitle" />
          </strong>{' '}
          <FormattedMessage id="account.retentionOffer" values={{ discount }} />
          {granted ? (
            <p className="mb-0 mt-2" role="status" data-testid="retention-granted">
              <FormattedMessage id="account.retentionGranted" values={{ code: <strong>{granted.code}</strong>, percentage: granted.percentage }} />{' '}
              <Link to={`/credits?code=${encodeURIComponent(granted.code)}`} className="alert-link">
                <FormattedMessage id="account.retentionBuy" />
              </Link>
            </p>
          ) : (
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value="retention" />
              <button type="submit" className="btn btn-sm btn-primary" data-testid="retention-accept">
                <FormattedMessage id="account.retentionAccept" values={{ discount }} />
              </button>
            </Form>
          )}
        </div>
      ) : null}
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="delete" />
        <FormErrors errors={errors?.['']} className="py-2" />
        <label htmlFor="delete-reason" className="form-label">
          <FormattedMessage id="account.deleteReason" />
        </label>
        <select id="delete-reason" name="reason" className="form-select mb-3" required defaultValue="">
          <option value="" disabled>
            {intl.formatMessage({ id: 'account.deleteReason' })}
          </option>
          {deletionReasonIds.map((r) => (
            <option key={r} value={r}>
              {intl.formatMessage({ id: `account.reason.${r}` })}
            </option>
          ))}
        </select>
        <FormField
          label={<FormattedMessage id="field.passwordLabel" />}
          id="delete-password"
          name="password"
          type="password"
          autoComplete="current-password"
          errors={errors?.password}
          required
        />
        <p className="small text-body-secondary">
          <FormattedMessage id="account.deleteExplain" values={{ days: 14 }} />
        </p>
        <button type="submit" className="btn btn-danger">
          <FormattedMessage id="account.deleteConfirm" />
        </button>
      </Form>
    </details>
  )
}
