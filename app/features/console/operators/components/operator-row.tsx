import { FormattedMessage, useIntl } from 'react-intl'
import { Form } from 'react-router'

interface Operator {
  id: number
  disabled: boolean
  lockedUntil: string | Date | null
  enrolled: boolean
}

/** An operator account's state: disabled, locked, active, or not yet enrolled in the second factor. */
export function OperatorStatus({ operator: o }: { operator: Operator }) {
  return o.disabled ? (
    <span className="badge text-bg-secondary">
      <FormattedMessage id="admin.operators.disabled" />
    </span>
  ) : o.lockedUntil ? (
    <span className="badge text-bg-warning">
      <FormattedMessage id="admin.operators.locked" />
    </span>
  ) : o.enrolled ? (
    <span className="badge text-bg-success">
      <FormattedMessage id="admin.operators.active" />
    </span>
  ) : (
    <span className="badge text-bg-light border">
      <FormattedMessage id="admin.operators.notEnrolled" />
    </span>
  )
}

/** Disable or enable, unlock, or reset the second factor of another operator, with a reason. */
export function OperatorChangeForm({ operator: o }: { operator: Operator }) {
  const intl = useIntl()
  return (
    <Form method="post" className="d-flex flex-wrap gap-1 align-items-center">
      <input type="hidden" name="intent" value="change" />
      <input type="hidden" name="operatorId" value={o.id} />
      <label className="visually-hidden" htmlFor={`reason-${o.id}`}>
        <FormattedMessage id="admin.reason" />
      </label>
      <input
        id={`reason-${o.id}`}
        name="reason"
        className="form-control form-control-sm w-auto"
        placeholder={intl.formatMessage({ id: 'admin.reason' })}
        required
        minLength={3}
        maxLength={500}
      />
      <button type="submit" name="change" value={o.disabled ? 'enable' : 'disable'} className="btn btn-sm btn-outline-dark">
        <FormattedMessage id={o.disabled ? 'admin.operators.enable' : 'admin.operators.disable'} />
      </button>
      {o.lockedUntil ? (
        <button type="submit" name="change" value="unlock" className="btn btn-sm btn-outline-dark">
          <FormattedMessage id="admin.operators.unlock" />
        </button>
      ) : null}
      {o.enrolled ? (
        <button type="submit" name="change" value="reset_second_factor" className="btn btn-sm btn-outline-danger">
          <FormattedMessage id="admin.operators.resetTotp" />
        </button>
      ) : null}
    </Form>
  )
}
