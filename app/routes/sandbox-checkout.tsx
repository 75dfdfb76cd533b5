import { FormattedMessage } from 'react-intl'
import { data, Form, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { decideSandboxPayment, getSandboxPayment, sandboxOutcomes } from '#app/adapters/payments/sandbox/sandbox-provider.server'
import { Money } from '#app/features/billing/components/money'
import { MethodName } from '#app/features/billing/components/method-list'
import { findPaymentMethod } from '#app/features/billing/payment-methods'
import { pageTitle } from '#app/i18n/meta'
import { env } from '#app/lib/env.server'
import { readFormData } from '#app/lib/form-data.server'
import type { Route } from './+types/sandbox-checkout'
import { Icon } from '#app/ui/icon'

/**
 * The sandbox provider's hosted payment page (PAYMENT_PROVIDER=sandbox, the default): it stands where a real
 * provider's page would, is marked as a test, and lets the payer decide what happens. The provider's side then
 * calls our webhook, later, like a real one. Later events (a chargeback, a failed collection) are here too.
 */
export async function loader({ params }: Route.LoaderArgs) {
  if (env().PAYMENT_PROVIDER !== 'sandbox') throw new Response('Not Found', { status: 404 })
  const p = await getSandboxPayment(params.id)
  if (!p) throw new Response('Not Found', { status: 404 })
  const m = findPaymentMethod(p.method)
  return {
    id: p.id,
    amountMinor: p.amountMinor,
    currency: p.currency,
    method: m ? { label: m.label, labelId: m.labelId, icon: m.icon } : { label: p.method, icon: 'credit-card' as const },
    description: p.description,
    status: p.status,
    storedCard: p.storedCard,
    directDebit: !!p.mandateId,
    chargedBack: p.chargedBackMinor > 0,
    returnUrl: p.redirectUrl,
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  if (env().PAYMENT_PROVIDER !== 'sandbox') throw new Response('Not Found', { status: 404 })
  const outcome = z.enum(sandboxOutcomes).safeParse((await readFormData(request)).get('outcome'))
  if (!outcome.success) return data({ error: true }, { status: 400 })
  const next = await decideSandboxPayment(params.id, outcome.data)
  if (!next) return data({ error: true }, { status: 409 })
  if (outcome.data === 'chargeback' || outcome.data === 'collection_failed') return { done: outcome.data }
  throw redirect(next)
}

export default function SandboxCheckout({ loaderData: p, actionData }: Route.ComponentProps) {
  const open = p.status === 'open'
  return (
    <div className="container py-5" style={{ maxWidth: 520 }}>
      <div className="alert alert-warning text-center fw-semibold" role="note" data-testid="sandbox-banner">
        <Icon name="cone-striped" className="me-2" />
        <FormattedMessage id="sandbox.banner" />
      </div>
      <div className="card shadow-sm">
        <div className="card-body">
          <h1 className="h4">
            <FormattedMessage id="sandbox.title" />
          </h1>
          <p className="text-body-secondary mb-1">{p.description}</p>
          <p className="fs-3 fw-bold mb-1">
            <Money minor={p.amountMinor} currency={p.currency} />
          </p>
          <p className="d-flex align-items-center gap-2">
            <Icon name={p.method.icon} />
            <MethodName method={p.method} />
            {p.storedCard ? (
              <span className="small text-body-secondary">
                <FormattedMessage id="sandbox.storedCard" />
              </span>
            ) : null}
          </p>
          <p className="small mb-3">
            <FormattedMessage id="sandbox.status" values={{ status: <strong data-testid="sandbox-status">{p.status}</strong> }} />
          </p>
          {actionData && 'error' in actionData ? (
            <div className="alert alert-danger" role="alert">
              <FormattedMessage id="sandbox.notApplicable" />
            </div>
          ) : null}
          {actionData && 'done' in actionData ? (
            <div className="alert alert-info" role="status">
              <FormattedMessage id="sandbox.reported" />
            </div>
          ) : null}
          <Form method="post" className="d-grid gap-2">
            {open ? (
              <>
                <OutcomeButton outcome="paid" className="btn-success" label="sandbox.pay" />
                <OutcomeButton outcome="pending_then_paid" className="btn-outline-success" label="sandbox.pendingThenPaid" />
                <OutcomeButton outcome="failed" className="btn-outline-danger" label="sandbox.fail" />
                <OutcomeButton outcome="canceled" className="btn-outline-dark" label="sandbox.cancel" />
              </>
            ) : null}
            {p.status === 'paid' && !p.chargedBack && !p.directDebit ? (
              <OutcomeButton outcome="chargeback" className="btn-outline-danger" label="sandbox.chargeback" />
            ) : null}
            {p.directDebit && (p.status === 'pending' || p.status === 'paid') ? (
              <>
                {p.status === 'pending' ? <OutcomeButton outcome="paid" className="btn-outline-success" label="sandbox.collected" /> : null}
                <OutcomeButton outcome="collection_failed" className="btn-outline-danger" label="sandbox.collectionFailed" />
              </>
            ) : null}
          </Form>
          {!open ? (
            <a href={p.returnUrl} className="d-block mt-3">
              <FormattedMessage id="sandbox.back" />
            </a>
          ) : null}
        </div>
      </div>
    </div>
  )
}

function OutcomeButton({ outcome, className, label }: { outcome: string; className: string; label: string }) {
  const navigation = useNavigation()
  return (
    <button
      type="submit"
      name="outcome"
      value={outcome}
      className={`btn ${className}`}
      disabled={navigation.state !== 'idle'}
      data-testid={`sandbox-${outcome}`}
    >
      <FormattedMessage id={label} />
    </button>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'sandbox.title')]
