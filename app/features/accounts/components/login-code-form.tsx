import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { FormattedMessage } from 'react-intl'
import { Form, Link, useNavigation } from 'react-router'
import { loginCodeSchema } from '#app/features/accounts/accounts.schema'
import { FormErrors } from '#app/ui/form-errors'
import { FormField } from '#app/ui/form-field'

/** The login's second step for a member with a second factor: a code of the authenticator app or a recovery code. */
export function LoginCodeForm({
  challenge,
  redirectTo,
  lastResult,
  minutes,
}: {
  challenge: string
  redirectTo: string
  lastResult?: SubmissionResult<string[]>
  minutes: number
}) {
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginCodeSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  })
  return (
    <Form method="post" {...getFormProps(form)}>
      <p className="text-body-secondary">
        <FormattedMessage id="login.codeHelp" />
      </p>
      <FormErrors errors={form.errors} id={form.errorId} values={{ minutes }} />
      <input type="hidden" name="challenge" value={challenge} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormField
        label={<FormattedMessage id="login.codeLabel" />}
        errors={fields.code.errors}
        {...getInputProps(fields.code, { type: 'text' })}
        id="login-code"
        autoComplete="one-time-code"
        inputMode="text"
      />
      <button type="submit" className="btn btn-primary w-100" disabled={busy}>
        {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
        <FormattedMessage id="login.codeSubmit" />
      </button>
      <p className="mt-2 text-end small">
        <Link to="/login">
          <FormattedMessage id="login.codeRestart" />
        </Link>
      </p>
    </Form>
  )
}
