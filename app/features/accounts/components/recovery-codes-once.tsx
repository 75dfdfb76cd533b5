import { FormattedMessage } from 'react-intl'

/** The recovery codes right after the second factor was turned on: shown this once, never again. */
export function RecoveryCodesOnce({ codes }: { codes: string[] }) {
  return (
    <div className="alert alert-warning" role="status">
      <h3 className="h6">
        <FormattedMessage id="account.totp.recoveryTitle" />
      </h3>
      <p className="mb-2">
        <FormattedMessage id="account.totp.recoveryHelp" />
      </p>
      <ul className="list-unstyled font-monospace row row-cols-2 g-1 mb-0" data-testid="member-recovery-codes">
        {codes.map((c) => (
          <li key={c} className="col">
            {c}
          </li>
        ))}
      </ul>
    </div>
  )
}
