import { FormattedDate, FormattedMessage } from 'react-intl'
import { data, Form, Link, useNavigation, useSearchParams } from 'react-router'
import { paymentMethods } from '#app/features/billing/payment-methods'
import { createDiscount, discountFormInput, listDiscounts } from '#app/features/console/site-admin/discounts-admin.server'
import { formFields } from '#app/lib/form-fields'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import { DataTable, parseSort, type Column } from '#app/ui/data-table'
import type { Route } from './+types/discounts'

export async function loader({ request }: Route.LoaderArgs) {
  await requireOperator(request, 'discounts.manage')
  return { codes: await listDiscounts() }
}

export async function action({ request }: Route.ActionArgs) {
  const operator = await requireOperator(request, 'discounts.manage')
  const input = discountFormInput(formFields(await request.formData()))
  const result = await createDiscount(operator, input)
  if (!result.ok)
    return data({ ok: false as const, errors: result.errors, input }, { status: result.errors.code === 'admin.discounts.error.codeTaken' ? 409 : 400 })
  return { ok: true as const, id: result.id, code: String(input.code ?? '').toUpperCase() }
}

/** Discount codes: the list with their uses, and a form for a new code. */
export default function AdminDiscounts({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const failed = actionData && !actionData.ok ? actionData : null
  const input = (failed?.input ?? {}) as Record<string, unknown>
  const chosen = new Set((input.paymentMethods as string[] | undefined) ?? [])
  const sort = parseSort(useSearchParams()[0], discountSortKeys)
  return (
    <>
      <h1 className="h3 mb-3" id="discounts-title">
        <FormattedMessage id="admin.discounts.title" />
      </h1>
      <DataTable
        testId="discount-list"
        wrapperClassName="mb-4"
        labelledBy="discounts-title"
        columns={discountColumns}
        rows={loaderData.codes}
        rowKey={(d) => d.id}
        sort={{ current: sort, client: true }}
        empty={<FormattedMessage id="admin.discounts.empty" />}
      />

      <section className="card" aria-labelledby="new-code-title">
        <div className="card-body">
          <h2 id="new-code-title" className="h5">
            <FormattedMessage id="admin.discounts.new" />
          </h2>
          {actionData?.ok ? (
            <div className="alert alert-success py-2" role="status">
              <FormattedMessage id="admin.discounts.created" values={{ code: actionData.code }} />
            </div>
          ) : null}
          <Form method="post" noValidate key={actionData?.ok ? actionData.id : 'new'}>
            <div className="row g-3">
              {textFields.map((f) => (
                <div key={f.name} className="col-sm-6 col-lg-3">
                  <label className="form-label" htmlFor={`d-${f.name}`}>
                    <FormattedMessage id={`admin.discounts.field.${f.name}`} />
                  </label>
                  <input
                    className={`form-control${failed?.errors[f.name] ? ' is-invalid' : ''}`}
                    id={`d-${f.name}`}
                    name={f.name}
                    type={f.type}
                    required={'required' in f ? f.required : undefined}
                    defaultValue={typeof input[f.name] === 'string' ? (input[f.name] as string) : ''}
                    aria-describedby={failed?.errors[f.name] ? `d-${f.name}-error` : undefined}
                  />
                  {failed?.errors[f.name] ? (
                    <div id={`d-${f.name}-error`} className="invalid-feedback">
                      <FormattedMessage id={failed.errors[f.name]} values={{ min: 1, max: 100 }} />
                    </div>
                  ) : null}
                </div>
              ))}
            </div>
            <fieldset className="mt-3">
              <legend className="form-label fs-6">
                <FormattedMessage id="admin.discounts.field.paymentMethods" />
              </legend>
              <div className="d-flex flex-wrap gap-3">
                {paymentMethods.map((m) => (
                  <div key={m.id} className="form-check">
                    <input
                      className="form-check-input"
                      type="checkbox"
                      id={`pm-${m.id}`}
                      name="paymentMethods"
                      value={m.id}
                      defaultChecked={chosen.has(m.id)}
                    />
                    <label className="form-check-label" htmlFor={`pm-${m.id}`}>
                      {'label' in m ? m.label : <FormattedMessage id={m.labelId} />}
                    </label>
                  </div>
                ))}
              </div>
              {failed?.errors.paymentMethods ? (
                <div className="invalid-feedback d-block">
                  <FormattedMessage id={failed.errors.paymentMethods} />
                </div>
              ) : null}
            </fieldset>
            <div className="mt-3">
              <label className="form-label" htmlFor="d-reason">
                <FormattedMessage id="admin.run.reason" />
              </label>
              <input
                className={`form-control${failed?.errors.reason ? ' is-invalid' : ''}`}
                id="d-reason"
                name="reason"
                maxLength={500}
                defaultValue={typeof input.reason === 'string' ? input.reason : ''}
                aria-describedby={failed?.errors.reason ? 'd-reason-error' : undefined}
              />
              {failed?.errors.reason ? (
                <div id="d-reason-error" className="invalid-feedback">
                  <FormattedMessage id={failed.errors.reason} />
                </div>
              ) : null}
            </div>
            <button type="submit" className="btn btn-dark mt-3" disabled={busy}>
              {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
              <FormattedMessage id="admin.discounts.create" />
            </button>
          </Form>
        </div>
      </section>
    </>
  )
}

type Code = Route.ComponentProps['loaderData']['codes'][number]
const discountSortKeys = ['code', 'percentage', 'expires', 'uses', 'status'] as const

// Every code is loaded (a short list): sorted here.
const discountColumns: Column<Code>[] = [
  {
    id: 'code',
    header: <FormattedMessage id="admin.discounts.col.code" />,
    cell: (d) => (
      <Link to={`/admin/discounts/${d.id}`}>
        <code>{d.code}</code>
      </Link>
    ),
    sortKey: 'code',
    sortValue: (d) => d.code,
  },
  {
    id: 'percentage',
    header: <FormattedMessage id="admin.discounts.col.percentage" />,
    cell: (d) => `${d.percentage}%`,
    sortKey: 'percentage',
    sortValue: (d) => d.percentage,
    firstDir: 'desc',
  },
  {
    id: 'conditions',
    header: <FormattedMessage id="admin.discounts.col.conditions" />,
    className: 'small',
    cell: (d) =>
      [
        d.country,
        d.minimumOrderMinor !== null ? `≥ ${(d.minimumOrderMinor / 100).toFixed(2)} ${d.currency ?? ''}` : null,
        d.paymentMethods.length ? d.paymentMethods.join(', ') : null,
      ]
        .filter(Boolean)
        .join(' · ') || '—',
  },
  {
    id: 'expires',
    header: <FormattedMessage id="admin.discounts.col.expires" />,
    className: 'text-nowrap',
    cell: (d) => (d.expiresAt ? <FormattedDate value={d.expiresAt} dateStyle="medium" /> : '—'),
    sortKey: 'expires',
    sortValue: (d) => (d.expiresAt ? new Date(d.expiresAt).getTime() : null),
  },
  {
    id: 'uses',
    header: <FormattedMessage id="admin.discounts.col.uses" />,
    cell: (d) => (
      <span data-testid="discount-uses">
        <FormattedMessage id="admin.discounts.usesOf" values={{ used: d.used, limit: d.usageLimit ?? '∞' }} />
      </span>
    ),
    sortKey: 'uses',
    sortValue: (d) => d.used,
    firstDir: 'desc',
  },
  {
    id: 'status',
    header: <FormattedMessage id="admin.discounts.col.status" />,
    cell: (d) => (
      <span className={`badge ${d.status === 'active' ? 'text-bg-success' : 'text-bg-secondary'}`}>
        <FormattedMessage id={`admin.discounts.status.${d.status}`} />
      </span>
    ),
    sortKey: 'status',
    sortValue: (d) => d.status,
  },
]

const textFields = [
  { name: 'code', type: 'text', required: true },
  { name: 'percentage', type: 'number', required: true },
  { name: 'minimumOrder', type: 'text' },
  { name: 'currency', type: 'text' },
  { name: 'country', type: 'text' },
  { name: 'expiresAt', type: 'date' },
  { name: 'usageLimit', type: 'number' },
] as const

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.discounts.title')]
