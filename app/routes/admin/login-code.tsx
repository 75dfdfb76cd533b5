import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { FormattedMessage } from 'react-intl'
import { data, Form, redirect, useNavigation } from 'react-router'
import { consume } from '#app/adapters/rate-limit/rate-limit.server'
import { recordAudit } from '#app/features/console/operators/audit.server'
import { operatorLoginLimiter } from '#app/features/console/operators/login-limits.server'
import { checkSecondFactor } from '#app/features/console/operators/operator-accounts.server'
import {
  completeOperatorSession,
  endOperatorSession,
  operatorCookie,
  operatorSession,
  operatorToken,
} from '#app/features/console/operators/operator-sessions.server'
import { secondFactorSchema } from '#app/features/console/operators/operator.schema'
import { pageTitle } from '#app/i18n/meta'
import { readFormData } from '#app/lib/form-data.server'
import { FormErrors } from '#app/ui/form-errors'
import { FormField } from '#app/ui/form-field'
import type { Route } from './+types/login-code'

export async function loader({ request }: Route.LoaderArgs) {
  await pendingSession(request)
  return null
}

/** Only a session that passed the password step reaches this page. */
async function pendingSession(request: Request) {
  const token = operatorToken(request.headers.get('cookie'))
  const session = await operatorSession(token)
  if (!session) throw redirect('/admin/login')
  if (session.stage === 'full') throw redirect('/admin')
  return { token: token!, operatorId: session.operatorId }
}

/** The second factor, mandatory: a code of the authenticator app or a recovery code. */
export async function action({ request, context }: Route.ActionArgs) {
  const { token, operatorId } = await pendingSession(request)
  const submission = parseWithZod(await readFormData(request), { schema: secondFactorSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), minutes: 0 }, { status: 400 })
  const wait = await consume(operatorLoginLimiter(), context.clientIp)
  if (wait)
    return data(
      { result: submission.reply({ formErrors: ['login.tooManyRequests'], hideFields: ['code'] }), minutes: 0 },
      { status: 429, headers: { 'Retry-After': String(wait) } },
    )
  const outcome = await checkSecondFactor(operatorId, submission.value.code, context.clientIp)
  if (outcome.kind === 'locked') {
    await endOperatorSession(token)
    return data(
      { result: submission.reply({ formErrors: ['login.blocked'], hideFields: ['code'] }), minutes: outcome.minutes },
      { status: 423, headers: { 'Set-Cookie': operatorCookie(null) } },
    )
  }
  if (outcome.kind === 'failed')
    return data({ result: submission.reply({ formErrors: ['admin.login.codeWrong'], hideFields: ['code'] }), minutes: 0 }, { status: 401 })
  const full = await completeOperatorSession(token)
  await recordAudit({
    operator: { id: outcome.operator.id, name: outcome.operator.name },
    action: 'operator.login',
    target: { type: 'operator', id: outcome.operator.id },
  })
  throw redirect('/admin', { headers: { 'Set-Cookie': operatorCookie(full) } })
}

export default function AdminLoginCode({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: secondFactorSchema }),
    shouldValidate: 'onSubmit',
  })
  return (
    <>
      <h1 className="h4 mb-2">
        <FormattedMessage id="admin.login.codeTitle" />
      </h1>
      <p className="text-body-secondary">
        <FormattedMessage id="admin.login.codeHelp" />
      </p>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} values={{ minutes: actionData?.minutes ?? 0 }} />
        <FormField
          label={<FormattedMessage id="admin.login.code" />}
          errors={fields.code.errors}
          {...getInputProps(fields.code, { type: 'text' })}
          id="admin-code"
          autoComplete="one-time-code"
          inputMode="text"
        />
        <button type="submit" className="btn btn-dark w-100" disabled={busy}>
          <FormattedMessage id="admin.login.verify" />
        </button>
      </Form>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.login.codeTitle')]
