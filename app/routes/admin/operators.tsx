import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { FormattedMessage, useIntl } from 'react-intl'
import { data, Form, useNavigation, useSearchParams } from 'react-router'
import { OperatorChangeForm, OperatorStatus } from '#app/features/console/operators/components/operator-row'
import { NewOperatorCard, OperatorChangeAlerts } from '#app/features/console/operators/components/operator-page-parts'
import { createOperator } from '#app/features/console/operators/operator-accounts.server'
import { changeOperator, listOperators } from '#app/features/console/operators/operator-admin.server'
import { newOperatorSchema, operatorChangeSchema } from '#app/features/console/operators/operator.schema'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { operatorRoles } from '#app/features/console/operators/permissions'
import { pageTitle } from '#app/i18n/meta'
import { readFormData } from '#app/lib/form-data.server'
import { DataTable, parseSort, type Column } from '#app/ui/data-table'
import { FormErrors } from '#app/ui/form-errors'
import { FormField, SelectField } from '#app/ui/form-field'
import type { Route } from './+types/operators'

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireOperator(request, 'operators.manage')
  return { operators: await listOperators(), me: me.id }
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireOperator(request, 'operators.manage')
  const form = await readFormData(request)
  if (form.get('intent') === 'change') {
    const parsed = operatorChangeSchema.safeParse(Object.fromEntries(form))
    if (!parsed.success) return data({ create: null, changeError: 'admin.reasonRequired', changed: null }, { status: 400 })
    const r = await changeOperator(parsed.data.operatorId, parsed.data.change, parsed.data.reason, me)
    if (r === 'not_found') throw new Response('Not Found', { status: 404 })
    if (r === 'self') return data({ create: null, changeError: 'admin.operators.notSelf', changed: null }, { status: 409 })
    return { create: null, changeError: null, changed: parsed.data.change }
  }
  const submission = parseWithZod(form, { schema: newOperatorSchema })
  if (submission.status !== 'success')
    return data({ create: submission.reply({ hideFields: ['password'] }), changeError: null, changed: null }, { status: 400 })
  try {
    await createOperator(submission.value, me)
  } catch (e) {
    if ((e as { cause?: { code?: string } }).cause?.code === '23505')
      return data(
        { create: submission.reply({ fieldErrors: { email: ['admin.operators.emailTaken'] }, hideFields: ['password'] }), changeError: null, changed: null },
        { status: 409 },
      )
    throw e
  }
  return { create: submission.reply({ resetForm: true }), changeError: null, changed: 'created' }
}

/** Operators (admins): create accounts, disable, unlock, reset the second factor; never one's own. */
export default function AdminOperators({ loaderData, actionData }: Route.ComponentProps) {
  const intl = useIntl()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm({
    lastResult: actionData?.create ?? undefined,
    defaultValue: { role: 'moderator' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newOperatorSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const sort = parseSort(useSearchParams()[0], operatorSortKeys)
  // A handful of accounts, all loaded: sorted here.
  const columns: Column<OperatorRow>[] = [
    { id: 'name', header: <FormattedMessage id="field.name" />, cell: (o) => o.name, sortKey: 'name', sortValue: (o) => o.name },
    { id: 'email', header: <FormattedMessage id="field.email" />, cell: (o) => o.email, className: 'text-break', sortKey: 'email', sortValue: (o) => o.email },
    {
      id: 'role',
      header: <FormattedMessage id="admin.operators.role" />,
      cell: (o) => <FormattedMessage id={`admin.role.${o.role}`} />,
      sortKey: 'role',
      sortValue: (o) => intl.formatMessage({ id: `admin.role.${o.role}` }),
    },
    {
      id: 'status',
      header: <FormattedMessage id="admin.fictional.status" />,
      cell: (o) => <OperatorStatus operator={o} />,
    },
    {
      id: 'actions',
      header: <FormattedMessage id="admin.operators.actions" />,
      cell: (o) =>
        o.id === loaderData.me ? (
          <span className="text-body-secondary small">
            <FormattedMessage id="admin.operators.you" />
          </span>
        ) : (
          <OperatorChangeForm operator={o} />
        ),
    },
  ]
  return (
    <>
      <h1 className="h3 mb-3" id="operators-title">
        <FormattedMessage id="admin.operators.title" />
      </h1>
      <OperatorChangeAlerts changed={actionData?.changed} changeError={actionData?.changeError} />
      <DataTable
        testId="operators"
        className="table align-middle"
        wrapperClassName="mb-4"
        labelledBy="operators-title"
        columns={columns}
        rows={loaderData.operators}
        rowKey={(o) => o.id}
        sort={{ current: sort, client: true }}
      />
      <NewOperatorCard>
        <Form method="post" {...getFormProps(form)} className="row g-2">
          <FormErrors errors={form.errors} id={form.errorId} />
          <div className="col-md-6">
            <FormField
              label={<FormattedMessage id="field.name" />}
              errors={fields.name.errors}
              {...getInputProps(fields.name, { type: 'text' })}
              id="operator-name"
            />
          </div>
          <div className="col-md-6">
            <FormField
              label={<FormattedMessage id="field.email" />}
              errors={fields.email.errors}
              {...getInputProps(fields.email, { type: 'email' })}
              id="operator-email"
              autoComplete="off"
            />
          </div>
          <div className="col-md-6">
            <SelectField label={<FormattedMessage id="admin.operators.role" />} errors={fields.role.errors} {...getSelectProps(fields.role)} id="operator-role">
              {operatorRoles.map((r) => (
                <option key={r} value={r}>
                  {intl.formatMessage({ id: `admin.role.${r}` })}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="col-md-6">
            <FormField
              label={<FormattedMessage id="admin.operators.password" />}
              errors={fields.password.errors}
              {...getInputProps(fields.password, { type: 'password' })}
              id="operator-password"
              autoComplete="new-password"
            />
          </div>
          <div className="col-12">
            <button type="submit" className="btn btn-dark" disabled={busy}>
              <FormattedMessage id="admin.operators.create" />
            </button>
          </div>
        </Form>
      </NewOperatorCard>
    </>
  )
}

type OperatorRow = Route.ComponentProps['loaderData']['operators'][number]
const operatorSortKeys = ['name', 'email', 'role'] as const

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.operators.title')]
