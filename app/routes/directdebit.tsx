import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { FormattedMessage, useIntl } from 'react-intl'
import { data, Link, redirect, useNavigation } from 'react-router'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { DirectDebitCodeForm, DirectDebitDetailsForm } from '#app/features/billing/components/direct-debit-forms'
import { directDebitSchema, otpSchema } from '#app/features/billing/direct-debit.schema'
import { CODE_TTL_MINUTES, directDebitOffer, getPendingMandate, type DirectDebitRefusal } from '#app/features/billing/direct-debit.server'
import { submitDirectDebitConfirm, submitDirectDebitResend, submitDirectDebitStart } from '#app/features/billing/direct-debit-steps.server'
import { tryTypedCode } from '#app/features/billing/typed-code.server'
import { formatMoney } from '#app/features/billing/pricing'
import { getCompanyInfo } from '#app/features/content/company-info.server'
import { pageTitle } from '#app/i18n/meta'
import { readFormData } from '#app/lib/form-data.server'
import { statusFor } from '#app/lib/refusals'
import { notAnId, retryAfterHeader } from '#app/lib/http.server'
import { tooOften } from '#app/features/safety/too-often'
import { isTooOften } from '#app/features/settings/write-limits.server'
import { TooOftenAlert } from '#app/features/safety/components/too-often-alert'
import { FormErrors } from '#app/ui/form-errors'
import type { Route } from './+types/directdebit'

/** The message (catalog id, values) and HTTP status (app/lib/refusals.ts) for a refusal; spec section 5 gives the direct debit texts. */
function refusal(r: DirectDebitRefusal): { id: string; values?: Record<string, number>; status: number } {
  switch (r.reason) {
    case 'blocked':
      return { id: 'directdebit.blocked', status: statusFor('directDebit', r.reason) }
    case 'direct_debit_limit':
      return { id: 'directdebit.limit', status: statusFor('directDebit', r.reason) }
    case 'spend_limit':
      return { id: 'directdebit.spendLimit', status: statusFor('directDebit', r.reason) }
    case 'method_unavailable':
      return { id: 'directdebit.unavailable', status: statusFor('directDebit', r.reason) }
    case 'direct_debit_off':
      return { id: 'directdebit.off', status: statusFor('directDebit', r.reason) }
    case 'unknown_bundle':
      return { id: 'directdebit.unknownBundle', status: statusFor('directDebit', r.reason) }
    case 'discount':
      // The spec's own texts where they have no amount to format; the rest in one line of this form.
      return {
        id: r.error === 'not_found' || r.error === 'used' ? `discount.error.${r.error}` : 'directdebit.discountInvalid',
        status: statusFor('directDebit', r.reason),
      }
    case 'provider_error':
      return { id: 'directdebit.providerError', status: statusFor('directDebit', r.reason) }
    case 'too_many_codes':
      return { id: 'directdebit.tooManyCodes', status: statusFor('directDebit', r.reason) }
    case 'resend_too_soon':
      return { id: 'directdebit.resendTooSoon', values: { seconds: r.seconds }, status: statusFor('directDebit', r.reason) }
    case 'code_invalid':
      return { id: 'directdebit.codeInvalid', values: { count: r.attemptsLeft }, status: statusFor('directDebit', r.reason) }
    case 'code_expired':
      return { id: 'directdebit.codeExpired', status: statusFor('directDebit', r.reason) }
    case 'too_many_attempts':
      return { id: 'directdebit.tooManyAttempts', status: statusFor('directDebit', r.reason) }
    default:
      return { id: 'error.generic', status: statusFor('directDebit', 'other') }
  }
}

/** What the action answers, whichever form was sent: the page shows it next to that form. */
interface ActionAnswer {
  intent: 'start' | 'confirm' | 'resend'
  result?: SubmissionResult<string[]>
  /** A refusal shown above the form (catalog id) with its values. */
  error?: string
  values?: Record<string, number>
  notice?: string
  attemptsLeft?: number
}
const answer = (body: ActionAnswer, status = 200, headers?: HeadersInit) => data(body, { status, headers })

/** The purchase comes from the checkout page: /directdebit?bundle=m&code=… */
function purchase(url: URL) {
  const bundleId = (url.searchParams.get('bundle') ?? '').slice(0, 20)
  const code = url.searchParams.get('code')?.trim().slice(0, 40) || null
  return { bundleId, code }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const url = new URL(request.url)
  const { bundleId, code } = purchase(url)
  const mandateId = Number(url.searchParams.get('mandate'))
  // A code past the limit of refused ones is not looked at (no guessing), as on /credits.
  const [tried, company, mandate] = await Promise.all([
    tryTypedCode(
      viewer.userId,
      code,
      (withCode) => directDebitOffer(viewer.userId, bundleId, withCode ? code : null),
      (o) => !o.ok && o.reason === 'discount',
    ),
    getCompanyInfo(),
    Number.isSafeInteger(mandateId) && mandateId > 0 ? getPendingMandate(viewer.userId, mandateId) : null,
  ])
  const offer = tried.result
  const codeWait = tried.tooOften?.retryAfter ?? 0
  const page = {
    offer: offer.ok ? { credits: offer.credits, totalMinor: offer.totalMinor, currency: offer.currency } : null,
    offerError: offer.ok ? null : refusal(offer).id,
    company: company.name,
    country: viewer.country,
    // A fresh key for every form shown: the same form sent twice makes one mandate.
    formKey: crypto.randomUUID(),
    pending: mandate?.status === 'pending_code' ? { id: mandate.id, phoneEnd: mandate.phoneEnd, smsSent: url.searchParams.get('unsent') !== '1' } : null,
    minutes: CODE_TTL_MINUTES,
    // The form again, for a member who mistyped the phone number.
    restart: `/directdebit?${new URLSearchParams({ bundle: bundleId, ...(code ? { code } : {}) })}`,
    tooOften: codeWait ? tooOften(codeWait) : null,
  }
  // Not offered on this site (app/features/billing/direct-debit-availability.server.ts): the page says so, with a 403.
  if (!offer.ok && offer.reason === 'direct_debit_off') return data(page, { status: 403 })
  return codeWait ? data(page, { status: 429, headers: retryAfterHeader(codeWait) }) : page
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request)
  const url = new URL(request.url)
  const { bundleId, code } = purchase(url)
  const form = await readFormData(request)
  const intent = form.get('intent')

  if (intent === 'start') {
    const submission = parseWithZod(form, { schema: directDebitSchema(viewer.country) })
    if (submission.status !== 'success') return answer({ intent, result: submission.reply() }, 400)
    const key = String(form.get('key') ?? '')
    if (!/^[\w-]{8,80}$/.test(key)) return answer({ intent, result: submission.reply({ formErrors: ['error.generic'] }) }, 400)
    const { authorize: _, ...details } = submission.value
    const r = await submitDirectDebitStart(viewer.userId, details, { bundleId, code, key })
    if (isTooOften(r)) {
      const t = tooOften(r.retryAfter)
      return answer({ intent, result: submission.reply({ formErrors: [t.id] }), values: t.values }, 429, retryAfterHeader(r.retryAfter))
    }
    if (!r.ok) {
      const m = refusal(r)
      return answer({ intent, result: submission.reply({ formErrors: [m.id] }), values: m.values }, m.status)
    }
    const next = new URLSearchParams({ bundle: bundleId, ...(code ? { code } : {}), mandate: String(r.mandateId), ...(r.smsSent ? {} : { unsent: '1' }) })
    throw redirect(`/directdebit?${next}`)
  }

  if (intent === 'confirm') {
    const submission = parseWithZod(form, { schema: otpSchema })
    if (submission.status !== 'success') return answer({ intent, result: submission.reply() }, 400)
    const r = await submitDirectDebitConfirm(viewer.userId, form.get('mandate'), submission.value.otp)
    if (isTooOften(r)) {
      const t = tooOften(r.retryAfter)
      return answer({ intent, result: submission.reply({ formErrors: [t.id] }), values: t.values }, 429, retryAfterHeader(r.retryAfter))
    }
    if (r.ok) throw redirect(r.redirectTo)
    if (r.reason === 'bad_mandate_id') throw notAnId()
    const m = refusal(r)
    if (r.reason === 'code_invalid')
      return answer({ intent, result: submission.reply({ fieldErrors: { otp: [m.id] } }), attemptsLeft: r.attemptsLeft }, m.status)
    // Too many tries: the page falls back to the form (the mandate is gone), the reason shown above it.
    return answer(
      { intent, result: submission.reply({ formErrors: [m.id] }), error: r.reason === 'too_many_attempts' ? m.id : undefined, values: m.values },
      m.status,
    )
  }

  if (intent === 'resend') {
    const r = await submitDirectDebitResend(viewer.userId, form.get('mandate'))
    if (isTooOften(r)) {
      const t = tooOften(r.retryAfter)
      return answer({ intent, error: t.id, values: t.values }, 429, retryAfterHeader(r.retryAfter))
    }
    if (r.ok) return answer({ intent, notice: r.smsSent ? 'directdebit.resent' : 'directdebit.codeNotSent' })
    if (r.reason === 'bad_mandate_id') throw notAnId()
    const m = refusal(r)
    return answer({ intent, error: m.id, values: m.values }, m.status)
  }
  throw new Response('Bad Request', { status: 400 })
}

export default function DirectDebit({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, offerError, pending } = loaderData
  const busy = useNavigation().state === 'submitting'
  const intl = useIntl()
  const price = offer ? formatMoney(offer.totalMinor, offer.currency, intl.locale) : ''
  const act = actionData
  return (
    <div className="row justify-content-center">
      <div className="col-sm-11 col-md-8 col-lg-6">
        <h1 className="h3 mb-3">
          <FormattedMessage id="directdebit.title" />
        </h1>
        {loaderData.tooOften ? <TooOftenAlert refusal={loaderData.tooOften} /> : null}
        {offer ? (
          <p className="lead" data-testid="directdebit-summary">
            <FormattedMessage id="directdebit.summary" values={{ credits: offer.credits, price }} />
          </p>
        ) : (
          <FormErrors errors={[offerError ?? 'error.generic']} />
        )}
        {offer && pending ? (
          <section aria-labelledby="dd-code-title">
            <h2 id="dd-code-title" className="h5">
              <FormattedMessage id="directdebit.codeTitle" />
            </h2>
            {act?.intent === 'resend' && act.notice ? (
              <div className={`alert ${act.notice === 'directdebit.resent' ? 'alert-success' : 'alert-warning'}`} role="status">
                <FormattedMessage id={act.notice} />
              </div>
            ) : pending.smsSent ? (
              <p>
                <FormattedMessage id="directdebit.codeSent" values={{ phoneEnd: pending.phoneEnd, minutes: loaderData.minutes }} />
              </p>
            ) : (
              <div className="alert alert-warning" role="alert">
                <FormattedMessage id="directdebit.codeNotSent" />
              </div>
            )}
            {act?.intent === 'resend' && act.error ? <FormErrors errors={[act.error]} values={act.values} /> : null}
            <DirectDebitCodeForm
              key={pending.id}
              mandateId={pending.id}
              lastResult={act?.intent === 'confirm' ? act.result : null}
              errorValues={act?.values}
              attemptsLeft={act?.intent === 'confirm' ? act.attemptsLeft : undefined}
              busy={busy}
            />
            <p className="text-center mb-0">
              <Link to={loaderData.restart}>
                <FormattedMessage id="directdebit.startOver" />
              </Link>
            </p>
          </section>
        ) : offer ? (
          <>
            <p className="text-body-secondary">
              <FormattedMessage id="directdebit.intro" />
            </p>
            {act?.intent !== 'start' && act?.error ? <FormErrors errors={[act.error]} /> : null}
            <DirectDebitDetailsForm
              country={loaderData.country}
              formKey={loaderData.formKey}
              company={loaderData.company}
              price={price}
              lastResult={act?.intent === 'start' ? act.result : null}
              errorValues={act?.values}
              busy={busy}
            />
          </>
        ) : null}
        <p className="mt-4 text-center">
          <Link to="/credits">
            <FormattedMessage id="directdebit.otherMethod" />
          </Link>
        </p>
      </div>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'directdebit.title')]
}
