import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { FormattedMessage } from 'react-intl'
import { data, Form, redirect, useNavigation } from 'react-router'
import { consume } from '#app/adapters/rate-limit/rate-limit.server'
import { operatorLoginLimiter } from '#app/features/console/operators/login-limits.server'
import { checkPassword } from '#app/features/console/operators/operator-accounts.server'
import { operatorCookie, operatorSession, operatorToken, startOperatorSession } from '#app/features/console/operators/operator-sessions.server'
import { operatorLoginSchema } from '#app/features/console/operators/operator.schema'
import { pageTitle } from '#app/i18n/meta'
import { readFormData } from '#app/lib/form-data.server'
import { FormErrors } from '#app/ui/form-errors'
import { FormField } from '#app/ui/form-field'
import type { Route } from './+types/login'

export async function loader({ request }: Route.LoaderArgs) {
  const session = await operatorSession(operatorToken(request.headers.get('cookie')))
  if (session?.stage === 'full') throw redirect('/admin')
  return null
}

/** The console's first factor: e-mail and password of an operator (never a member's). */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: operatorLoginSchema })
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }), minutes: 0 }, { status: 400 })
  const wait = await consume(operatorLoginLimiter(), context.clientIp)
  if (wait)
    return data(
      { result: submission.reply({ formErrors: ['login.tooManyRequests'], hideFields: ['password'] }), minutes: 0 },
      { status: 429, headers: { 'Retry-After': String(wait) } },
    )
  const outcome = await checkPassword(submission.value.email, submission.value.password, context.clientIp)
  if (outcome.kind === 'locked')
    return data({ result: submission.reply({ formErrors: ['login.blocked'], hideFields: ['password'] }), minutes: outcome.minutes }, { status: 423 })
  if (outcome.kind === 'failed')
    return data({ result: submission.reply({ formErrors: ['login.failed'], hideFields: ['password'] }), minutes: 0 }, { status: 401 })
  const token = await startOperatorSession(outcome.operator.id)
  const next = outcome.operator.totpEnabledAt ? '/admin/login/code' : '/admin/enrol'
  throw redirect(next, { headers: { 'Set-Cookie': operatorCookie(token) } })
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: operatorLoginSchema }),
    shouldValidate: 'onSubmit',
  })
  return (
    <>
      <h1 className="h4 mb-3">
        <FormattedMessage id="admin.login.title" />
      </h1>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} values={{ minutes: actionData?.minutes ?? 0 }} />
        <FormField
          label={<FormattedMessage id="field.email" />}
          errors={fields.email.errors}
          {...getInputProps(fields.email, { type: 'email' })}
          id="admin-email"
          autoComplete="username"
        />
        <FormField
          label={<FormattedMessage id="field.passwordLabel" />}
          errors={fields.password.errors}
          {...getInputProps(fields.password, { type: 'password' })}
          id="admin-password"
          autoComplete="current-password"
        />
        <button type="submit" className="btn btn-dark w-100" disabled={busy}>
          {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
          <FormattedMessage id="admin.login.next" />
        </button>
      </Form>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.login.title')]
