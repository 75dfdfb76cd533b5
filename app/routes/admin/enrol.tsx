import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import QRCode from 'qrcode'
import { FormattedMessage, useIntl } from 'react-intl'
import { data, Form, Link, redirect, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router'
import { beginEnrolment, confirmEnrolment, operatorById, pendingEnrolmentSecret } from '#app/features/console/operators/operator-accounts.server'
import { completeOperatorSession, operatorCookie, operatorSession, operatorToken } from '#app/features/console/operators/operator-sessions.server'
import { enrolSchema } from '#app/features/console/operators/operator.schema'
import { totpUri } from '#app/features/authentication/totp.server'
import { getSettings } from '#app/features/settings/settings.server'
import { pageTitle } from '#app/i18n/meta'
import { readFormData } from '#app/lib/form-data.server'
import { FormErrors } from '#app/ui/form-errors'
import { FormField } from '#app/ui/form-field'
import type { Route } from './+types/enrol'

export async function loader({ request }: Route.LoaderArgs) {
  const { operator } = await enrollingOperator(request)
  const secret = (await pendingEnrolmentSecret(operator.id)) ?? (await beginEnrolment(operator.id))
  const uri = totpUri(secret, operator.email, `${(await getSettings()).name} console`)
  // The QR code is drawn here, as SVG: the secret never leaves for a third-party QR service.
  const qr = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { qr, secret: secret.replace(/(.{4})/g, '$1 ').trim() }
}

/** Enrolment belongs to the password step of an operator without a second factor yet. */
async function enrollingOperator(request: Request) {
  const token = operatorToken(request.headers.get('cookie'))
  const session = await operatorSession(token)
  if (!session) throw redirect('/admin/login')
  const operator = await operatorById(session.operatorId)
  if (!operator) throw redirect('/admin/login')
  if (operator.totpEnabledAt) throw redirect(session.stage === 'full' ? '/admin' : '/admin/login/code')
  return { token: token!, operator }
}

// Once the action has shown the recovery codes, the page must not reload its data: the enrolled operator's
// loader would redirect to the console before the codes could be noted down.
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionResult as { codes?: unknown } | undefined)?.codes ? false : defaultShouldRevalidate
}

export async function action({ request }: Route.ActionArgs) {
  const { token, operator } = await enrollingOperator(request)
  const submission = parseWithZod(await readFormData(request), { schema: enrolSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), codes: null }, { status: 400 })
  const codes = await confirmEnrolment(operator.id, submission.value.code)
  if (!codes) return data({ result: submission.reply({ formErrors: ['admin.login.codeWrong'], hideFields: ['code'] }), codes: null }, { status: 401 })
  const full = await completeOperatorSession(token)
  return data({ result: null, codes }, { headers: { 'Set-Cookie': operatorCookie(full) } })
}

export default function AdminEnrol({ loaderData, actionData }: Route.ComponentProps) {
  const intl = useIntl()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm({
    lastResult: actionData?.result ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: enrolSchema }),
    shouldValidate: 'onSubmit',
  })
  if (actionData?.codes) {
    return (
      <>
        <h1 className="h4 mb-2">
          <FormattedMessage id="admin.enrol.doneTitle" />
        </h1>
        <p>
          <FormattedMessage id="admin.enrol.recoveryHelp" />
        </p>
        <ul className="list-unstyled font-monospace fs-5 row row-cols-2 g-1 mb-3" data-testid="recovery-codes">
          {actionData.codes.map((c) => (
            <li key={c} className="col">
              {c}
            </li>
          ))}
        </ul>
        <Link to="/admin" className="btn btn-dark w-100">
          <FormattedMessage id="admin.enrol.continue" />
        </Link>
      </>
    )
  }
  return (
    <>
      <h1 className="h4 mb-2">
        <FormattedMessage id="admin.enrol.title" />
      </h1>
      <p className="text-body-secondary">
        <FormattedMessage id="admin.enrol.help" />
      </p>
      <figure className="text-center">
        {/* SVG made by the qrcode library on the server from our own data. */}
        <div
          className="mx-auto"
          style={{ width: 200 }}
          role="img"
          aria-label={intl.formatMessage({ id: 'admin.enrol.qr' })}
          dangerouslySetInnerHTML={{ __html: loaderData.qr }}
        />
        <figcaption className="mt-2 small">
          <FormattedMessage id="admin.enrol.secret" /> <code data-testid="totp-secret">{loaderData.secret}</code>
        </figcaption>
      </figure>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <FormField
          label={<FormattedMessage id="admin.login.code" />}
          errors={fields.code.errors}
          {...getInputProps(fields.code, { type: 'text' })}
          id="enrol-code"
          autoComplete="one-time-code"
          inputMode="numeric"
        />
        <button type="submit" className="btn btn-dark w-100" disabled={busy}>
          <FormattedMessage id="admin.enrol.confirm" />
        </button>
      </Form>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.enrol.title')]
