import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { FormattedMessage, useIntl } from 'react-intl'
import { data, Form, Link, redirect, useNavigation, useSearchParams } from 'react-router'
import { loginCodeSchema, loginSchema, safeRedirect } from '#app/features/accounts/accounts.schema'
import { LoginCodeForm } from '#app/features/accounts/components/login-code-form'
import { attemptLogin } from '#app/features/authentication/login.server'
import { loginRefusalMessages, statusFor } from '#app/lib/refusals'
import { startSession } from '#app/features/authentication/session-cookie.server'
import { pageTitle } from '#app/i18n/meta'
import { FormField } from '#app/ui/form-field'
import { FormErrors } from '#app/ui/form-errors'
import type { Route } from './+types/login'
import { readFormData } from '#app/lib/form-data.server'
import type { SeoHandle } from '#app/ui/seo-tags'

/** og:title of the public page (app/ui/seo-tags.tsx). */
export const handle: SeoHandle = { seo: () => ({ titleId: 'login.title' }) }

export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.viewer) throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo')))
  return null
}

async function secondStep(formData: FormData, context: Route.ActionArgs['context'], request: Request) {
  const submission = parseWithZod(formData, { schema: loginCodeSchema })
  const challenge = String(formData.get('challenge') ?? '')
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['code'] }), challenge }, { status: 400 })
  const r = await attemptLogin({ challenge, code: submission.value.code, clientIp: context.clientIp })
  if (!r.ok) {
    const messageId = loginRefusalMessages[r.error]
    const status = statusFor('login', r.error)
    const result = submission.reply({ formErrors: [messageId], hideFields: ['code'] })
    // A wrong code may be typed again with the same challenge; anything else starts over at the password.
    if (r.error === 'code_wrong') return data({ result, challenge }, { status })
    if (r.error === 'blocked') return data({ result, minutes: r.minutes }, { status })
    if (r.error === 'rate_limited') return data({ result, challenge }, { status, headers: { 'Retry-After': String(r.retryAfterS) } })
    if (r.error === 'suspended') return data({ result, until: r.until }, { status })
    return data({ result }, { status })
  }
  const cookie = await startSession(r.userId, context.sessionToken, { userAgent: request.headers.get('user-agent'), ip: context.clientIp })
  throw redirect(safeRedirect(submission.value.redirectTo), { headers: { 'Set-Cookie': cookie } })
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request)
  // The second step of a member with a second factor carries the first step's challenge and a code.
  if (formData.has('challenge')) return secondStep(formData, context, request)
  const submission = parseWithZod(formData, { schema: loginSchema })
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  const r = await attemptLogin({ email: submission.value.email, password: submission.value.password, clientIp: context.clientIp })
  if (!r.ok) {
    const messageId = loginRefusalMessages[r.error]
    const status = statusFor('login', r.error)
    if (r.error === 'second_factor_required') return data({ result: submission.reply({ hideFields: ['password'] }), challenge: r.challenge }, { status })
    const result = submission.reply({ formErrors: [messageId], hideFields: ['password'] })
    if (r.error === 'rate_limited') return data({ result }, { status, headers: { 'Retry-After': String(r.retryAfterS) } })
    if (r.error === 'blocked') return data({ result, minutes: r.minutes }, { status })
    if (r.error === 'pending_deletion') return data({ result, pendingDeletion: true }, { status })
    if (r.error === 'suspended') return data({ result, until: r.until }, { status })
    return data({ result }, { status })
  }
  const cookie = await startSession(r.userId, context.sessionToken, { userAgent: request.headers.get('user-agent'), ip: context.clientIp })
  throw redirect(safeRedirect(submission.value.redirectTo), { headers: { 'Set-Cookie': cookie } })
}

export default function Login({ actionData }: Route.ComponentProps) {
  const intl = useIntl()
  const [params] = useSearchParams()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    // Validate on submit only: a blur must not clear the "Login failed" alert and move the button under the pointer.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  })
  const busy = navigation.state === 'submitting'
  const challenge = actionData && 'challenge' in actionData ? String(actionData.challenge) : null
  if (challenge)
    return (
      <div className="row justify-content-center">
        <div className="col-sm-10 col-md-7 col-lg-5">
          <h1 className="h3 mb-4">
            <FormattedMessage id="login.codeTitle" />
          </h1>
          <LoginCodeForm challenge={challenge} redirectTo={params.get('redirectTo') ?? ''} lastResult={actionData?.result} minutes={0} />
        </div>
      </div>
    )
  return (
    <div className="row justify-content-center">
      <div className="col-sm-10 col-md-7 col-lg-5">
        <h1 className="h3 mb-4">
          <FormattedMessage id="login.title" />
        </h1>
        <Form method="post" {...getFormProps(form)}>
          <FormErrors
            errors={form.errors}
            id={form.errorId}
            values={{
              minutes: actionData && 'minutes' in actionData ? Number(actionData.minutes) : 0,
              date: actionData && 'until' in actionData ? intl.formatDate(String(actionData.until), { dateStyle: 'long', timeStyle: 'short' }) : '',
            }}
          />
          <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
          <FormField
            label={<FormattedMessage id="field.email" />}
            errors={fields.email.errors}
            {...getInputProps(fields.email, { type: 'email' })}
            id="login-email"
            autoComplete="email"
          />
          <FormField
            label={<FormattedMessage id="field.passwordLabel" />}
            errors={fields.password.errors}
            {...getInputProps(fields.password, { type: 'password' })}
            id="login-password"
            autoComplete="current-password"
          />
          <button type="submit" className="btn btn-primary w-100" disabled={busy}>
            {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
            <FormattedMessage id="login.submit" />
          </button>
          <p className="mt-2 text-end small">
            <Link to="/reset-password">
              <FormattedMessage id="login.forgot" />
            </Link>
          </p>
        </Form>
        {actionData && 'pendingDeletion' in actionData ? (
          <Form method="post" action="/reactivate" className="alert alert-warning">
            <input type="hidden" name="email" value={String(fields.email.value ?? '')} />
            <FormattedMessage id="login.pendingDeletionHelp" />{' '}
            <button type="submit" className="btn btn-sm btn-warning">
              <FormattedMessage id="reactivate.send" />
            </button>
          </Form>
        ) : null}
        <p className="mt-4 text-center">
          <FormattedMessage id="login.noAccount" />{' '}
          <Link to="/signup">
            <FormattedMessage id="login.signupLink" />
          </Link>
        </p>
      </div>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'login.title')]
}
