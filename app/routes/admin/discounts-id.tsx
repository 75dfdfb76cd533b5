import { useState } from 'react'
import { FormattedDate, FormattedMessage, FormattedNumber } from 'react-intl'
import { data, Form, Link, useNavigation } from 'react-router'
import { discountById, discountUses, setDiscountStatus } from '#app/features/console/site-admin/discounts-admin.server'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import { DataTable, type Column } from '#app/ui/data-table'
import type { Route } from './+types/discounts-id'

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireOperator(request, 'discounts.manage')
  const id = idOf(params)
  const code = await discountById(id)
  if (!code) throw data('Not found', { status: 404 })
  return { code, uses: await discountUses(id) }
}

function idOf(params: { id: string }): number {
  const id = Number(params.id)
  if (!Number.isSafeInteger(id) || id <= 0) throw data('Not found', { status: 404 })
  return id
}

export async function action({ request, params }: Route.ActionArgs) {
  const operator = await requireOperator(request, 'discounts.manage')
  const id = idOf(params)
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent !== 'disable' && intent !== 'enable') throw data('Unknown intent', { status: 400 })
  if (!(await discountById(id))) throw data('Not found', { status: 404 })
  const r = await setDiscountStatus(operator, id, intent === 'disable' ? 'disabled' : 'active', form.get('reason'))
  if (!r.ok) return data({ ok: false as const, errors: r.errors, reason: String(form.get('reason') ?? '') }, { status: 400 })
  return { ok: true as const, changed: r.changed }
}

/** One discount code: its conditions, the orders that used it (member ids and amounts only), disable/enable. */
export default function AdminDiscount({ loaderData, actionData }: Route.ComponentProps) {
  const { code, uses } = loaderData
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const [confirming, setConfirming] = useState(false)
  const failed = actionData && !actionData.ok ? actionData : null
  const intent = code.status === 'active' ? 'disable' : 'enable'
  return (
    <>
      <p>
        <Link to="/admin/discounts">
          <FormattedMessage id="admin.discounts.back" />
        </Link>
      </p>
      <h1 className="h3 mb-3">
        <FormattedMessage id="admin.discounts.usesOfCode" values={{ code: code.code }} />
      </h1>
      <p>
        <span className={`badge ${code.status === 'active' ? 'text-bg-success' : 'text-bg-secondary'} me-2`} data-testid="discount-status">
          <FormattedMessage id={`admin.discounts.status.${code.status}`} />
        </span>
        {code.percentage}% · <FormattedMessage id="admin.discounts.usesOf" values={{ used: code.used, limit: code.usageLimit ?? '∞' }} />
      </p>
      <Form
        method="post"
        className="card card-body mb-4"
        onSubmit={(e) => {
          // Disabling takes the code away from members at once: ask first (without JavaScript the reason is the pause).
          if (intent === 'disable' && !confirming) {
            e.preventDefault()
            setConfirming(true)
          }
        }}
      >
        <input type="hidden" name="intent" value={intent} />
        <label className="form-label" htmlFor="status-reason">
          <FormattedMessage id="admin.run.reason" />
        </label>
        <input
          className={`form-control${failed ? ' is-invalid' : ''}`}
          id="status-reason"
          name="reason"
          maxLength={500}
          defaultValue={failed?.reason ?? ''}
          aria-describedby={failed ? 'status-reason-error' : undefined}
        />
        {failed?.errors.reason ? (
          <div id="status-reason-error" className="invalid-feedback">
            <FormattedMessage id={failed.errors.reason} />
          </div>
        ) : null}
        {confirming ? (
          <div className="alert alert-warning mt-3 mb-0" role="alert">
            <FormattedMessage id="admin.discounts.confirmDisable" values={{ code: code.code }} />
          </div>
        ) : null}
        <div className="mt-3 d-flex gap-2">
          <button type="submit" className={`btn ${intent === 'disable' ? 'btn-danger' : 'btn-dark'}`} disabled={busy}>
            {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
            <FormattedMessage id={confirming ? 'admin.discounts.confirmYes' : `admin.discounts.${intent}`} />
          </button>
          {confirming ? (
            <button type="button" className="btn btn-outline-dark" onClick={() => setConfirming(false)}>
              <FormattedMessage id="admin.run.cancel" />
            </button>
          ) : null}
        </div>
      </Form>
      <h2 className="h5" id="uses-title">
        <FormattedMessage id="admin.discounts.usesTitle" />
      </h2>
      <DataTable
        testId="discount-uses-table"
        className="table table-sm"
        labelledBy="uses-title"
        columns={useColumns}
        rows={uses}
        rowKey={(u) => u.paymentId}
        empty={<FormattedMessage id="admin.discounts.noUses" />}
      />
    </>
  )
}

type Use = Route.ComponentProps['loaderData']['uses'][number]

const money = (minor: number, currency: string) => <FormattedNumber value={minor / 100} style="currency" currency={currency} />

// Newest first, as the data layer orders them.
const useColumns: Column<Use>[] = [
  {
    id: 'when',
    header: <FormattedMessage id="admin.discounts.use.when" />,
    cell: (u) => <FormattedDate value={u.at} dateStyle="short" timeStyle="short" />,
    className: 'text-nowrap',
  },
  { id: 'payment', header: <FormattedMessage id="admin.discounts.use.payment" />, cell: (u) => `#${u.paymentId}` },
  { id: 'member', header: <FormattedMessage id="admin.discounts.use.member" />, cell: (u) => `#${u.userId}` },
  {
    id: 'state',
    header: <FormattedMessage id="admin.discounts.use.state" />,
    cell: (u) => (
      <>
        <FormattedMessage id={`admin.discounts.redemption.${u.status}`} /> · {u.paymentStatus}
      </>
    ),
  },
  { id: 'total', header: <FormattedMessage id="admin.discounts.use.total" />, cell: (u) => money(u.totalMinor, u.currency) },
  { id: 'discount', header: <FormattedMessage id="admin.discounts.use.discount" />, cell: (u) => money(u.discountMinor, u.currency) },
]

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.discounts.usesTitle')]
