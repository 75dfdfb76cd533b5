import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { data, Form, Link, useNavigation } from 'react-router'
import { z } from 'zod'
import { openRefundRequests } from '#app/features/billing/refund-requests.server'
import { Money } from '#app/features/billing/components/money'
import { answerRefundRequest } from '#app/features/console/support/refund-queue.server'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import type { Route } from './+types/refunds'
import { DataTable, type Column } from '#app/ui/data-table'
import { Icon } from '#app/ui/icon'

const decisionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('refund'), id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal('decline'), id: z.coerce.number().int().positive(), answer: z.string().default('') }),
])

export async function loader({ request }: Route.LoaderArgs) {
  await requireOperator(request, 'payments.refund')
  const rows = await openRefundRequests()
  return { requests: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), paidAt: r.paidAt?.toISOString() ?? null })) }
}

export async function action({ request }: Route.ActionArgs) {
  const operator = await requireOperator(request, 'payments.refund')
  const parsed = decisionSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) throw data('Bad request', { status: 400 })
  const d = parsed.data
  const r = await answerRefundRequest(operator, d.id, d.intent === 'refund' ? { kind: 'refund' } : { kind: 'decline', answer: d.answer })
  if (!r.ok) return data({ id: d.id, ok: false as const, code: r.code }, { status: r.code === 'not_found' ? 404 : r.code === 'provider_error' ? 502 : 400 })
  return { id: d.id, ok: true as const, code: r.code }
}

type RefundRow = Route.ComponentProps['loaderData']['requests'][number]

/** Members' refund requests (issue 28), oldest first: refund through the provider, or decline with an answer. */
export default function AdminRefunds({ loaderData, actionData }: Route.ComponentProps) {
  const intl = useIntl()
  const navigation = useNavigation()
  const busyId = navigation.state !== 'idle' ? Number(navigation.formData?.get('id')) : null
  const failed = (id: number) => (actionData && !actionData.ok && actionData.id === id ? actionData.code : null)
  const columns: Column<RefundRow>[] = [
    {
      id: 'member',
      header: <FormattedMessage id="admin.refunds.col.member" />,
      cell: (r) => <Link to={`/admin/members/${r.userId}`}>{r.name ?? `#${r.userId}`}</Link>,
    },
    {
      id: 'payment',
      header: <FormattedMessage id="admin.refunds.col.payment" />,
      cell: (r) => (
        <>
          #{r.paymentId} · <Money minor={r.totalMinor} currency={r.currency} /> · <FormattedMessage id="admin.refunds.credits" values={{ count: r.credits }} />
        </>
      ),
      className: 'text-nowrap',
    },
    {
      id: 'asked',
      header: <FormattedMessage id="admin.refunds.col.asked" />,
      cell: (r) => <FormattedDate value={r.createdAt} dateStyle="short" timeStyle="short" />,
      className: 'text-nowrap',
    },
    { id: 'reason', header: <FormattedMessage id="admin.refunds.col.reason" />, cell: (r) => <span className="text-break">{r.reason}</span> },
    {
      id: 'answer',
      header: <FormattedMessage id="admin.refunds.col.answer" />,
      style: { minWidth: '18rem' },
      cell: (r) => (
        <div className="d-grid gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="id" value={r.id} />
            <button type="submit" className="btn btn-sm btn-dark" disabled={busyId === r.id}>
              <Icon name="arrow-counterclockwise" className="me-1" />
              <FormattedMessage id="admin.refunds.refund" values={{ id: r.paymentId }} />
            </button>
          </Form>
          <Form method="post" className="d-flex gap-2 align-items-start">
            <input type="hidden" name="intent" value="decline" />
            <input type="hidden" name="id" value={r.id} />
            <textarea
              className={`form-control form-control-sm${failed(r.id) === 'answer_required' ? ' is-invalid' : ''}`}
              name="answer"
              rows={2}
              maxLength={1000}
              aria-label={intl.formatMessage({ id: 'admin.refunds.answerFor' }, { id: r.paymentId })}
              placeholder={intl.formatMessage({ id: 'admin.refunds.answerPlaceholder' })}
            />
            <button type="submit" className="btn btn-sm btn-outline-danger" disabled={busyId === r.id}>
              <FormattedMessage id="admin.refunds.decline" />
            </button>
          </Form>
          {failed(r.id) ? (
            <div className="text-danger small" role="alert">
              <FormattedMessage id={`admin.refunds.result.${failed(r.id)}`} />
            </div>
          ) : null}
        </div>
      ),
    },
  ]
  return (
    <>
      <h1 className="h3 mb-1" id="refunds-title">
        <FormattedMessage id="admin.refunds.title" />
      </h1>
      <p className="text-body-secondary">
        <FormattedMessage id="admin.refunds.help" />
      </p>
      {actionData?.ok ? (
        <div className="alert alert-success py-2" role="status" data-testid="refund-answered">
          <FormattedMessage id={`admin.refunds.result.${actionData.code}`} />
        </div>
      ) : null}
      <DataTable
        testId="refund-requests"
        labelledBy="refunds-title"
        columns={columns}
        rows={loaderData.requests}
        rowKey={(r) => r.id}
        empty={<FormattedMessage id="admin.refunds.empty" />}
      />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.refunds.title')]
