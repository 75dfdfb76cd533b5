import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { data, Form, useNavigation, useSearchParams } from 'react-router'
import { failedJobs, retryJob } from '#app/features/console/site-admin/jobs-admin.server'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import type { Route } from './+types/jobs'
import { DataTable, parseSort, type Column } from '#app/ui/data-table'
import { Icon } from '#app/ui/icon'

export async function loader({ request }: Route.LoaderArgs) {
  await requireOperator(request, 'jobs.manage')
  return { jobs: await failedJobs(100) }
}

export async function action({ request }: Route.ActionArgs) {
  const operator = await requireOperator(request, 'jobs.manage')
  const form = await request.formData()
  const id = Number(form.get('id'))
  if (form.get('intent') !== 'retry' || !Number.isSafeInteger(id) || id <= 0) throw data('Bad request', { status: 400 })
  const r = await retryJob(operator, id, form.get('reason'))
  if (!r.ok) return data({ id, ok: false as const, error: r.errors.reason, outcome: null }, { status: 400 })
  return { id, ok: true as const, error: null, outcome: r.outcome }
}

/** The job runner's failures: each failed job with its error, and a retry (with a reason, audited). */
export default function AdminJobs({ loaderData, actionData }: Route.ComponentProps) {
  const intl = useIntl()
  const navigation = useNavigation()
  const busyId = navigation.state !== 'idle' ? Number(navigation.formData?.get('id')) : null
  const sort = parseSort(useSearchParams()[0], jobSortKeys)
  // At most 100 failed jobs, all loaded: sorted here.
  const columns: Column<Job>[] = [
    { id: 'id', header: <FormattedMessage id="admin.jobs.col.id" />, cell: (j) => `#${j.id}`, sortKey: 'id', sortValue: (j) => j.id },
    { id: 'name', header: <FormattedMessage id="admin.jobs.col.name" />, cell: (j) => <code>{j.name}</code>, sortKey: 'name', sortValue: (j) => j.name },
    {
      id: 'failedAt',
      header: <FormattedMessage id="admin.jobs.col.failedAt" />,
      cell: (j) => <FormattedDate value={j.failedAt} dateStyle="short" timeStyle="medium" />,
      className: 'text-nowrap',
      sortKey: 'failedAt',
      sortValue: (j) => new Date(j.failedAt).getTime(),
      firstDir: 'desc',
    },
    {
      id: 'attempts',
      header: <FormattedMessage id="admin.jobs.col.attempts" />,
      cell: (j) => j.attempts,
      sortKey: 'attempts',
      sortValue: (j) => j.attempts,
      firstDir: 'desc',
    },
    {
      id: 'error',
      header: <FormattedMessage id="admin.jobs.col.error" />,
      cell: (j) => <code className="text-danger-emphasis">{j.lastError ?? ''}</code>,
      className: 'text-break small',
    },
    {
      id: 'retry',
      header: <FormattedMessage id="admin.jobs.col.retry" />,
      style: { minWidth: '16rem' },
      cell: (j) => {
        const failed = actionData && !actionData.ok && actionData.id === j.id ? actionData : null
        return (
          <Form method="post" className="d-flex gap-2 align-items-start">
            <input type="hidden" name="intent" value="retry" />
            <input type="hidden" name="id" value={j.id} />
            <div className="flex-grow-1">
              <input
                className={`form-control form-control-sm${failed ? ' is-invalid' : ''}`}
                name="reason"
                maxLength={500}
                aria-label={intl.formatMessage({ id: 'admin.jobs.reasonFor' }, { id: j.id })}
                placeholder={intl.formatMessage({ id: 'admin.run.reason' })}
                aria-describedby={failed ? `job-${j.id}-error` : undefined}
              />
              {failed?.error ? (
                <div id={`job-${j.id}-error`} className="invalid-feedback">
                  <FormattedMessage id={failed.error} />
                </div>
              ) : null}
            </div>
            <button
              type="submit"
              className="btn btn-sm btn-dark"
              disabled={busyId === j.id}
              aria-label={intl.formatMessage({ id: 'admin.jobs.retryJob' }, { id: j.id })}
            >
              {busyId === j.id ? (
                <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
              ) : (
                <Icon name="arrow-clockwise" className="me-1" />
              )}
              <FormattedMessage id="admin.jobs.retry" />
            </button>
          </Form>
        )
      },
    },
  ]
  return (
    <>
      <h1 className="h3 mb-3" id="jobs-title">
        <FormattedMessage id="admin.jobs.title" />
      </h1>
      {actionData?.ok ? (
        <div className={`alert ${actionData.outcome === 'queued' ? 'alert-success' : 'alert-info'} py-2`} role="status">
          <FormattedMessage id={`admin.jobs.outcome.${actionData.outcome}`} values={{ id: actionData.id }} />
        </div>
      ) : null}
      <DataTable
        testId="failed-jobs"
        labelledBy="jobs-title"
        columns={columns}
        rows={loaderData.jobs}
        rowKey={(j) => j.id}
        sort={{ current: sort, client: true }}
        empty={<FormattedMessage id="admin.jobs.empty" />}
        emptyProps={{ 'data-testid': 'jobs-empty' }}
      />
    </>
  )
}

type Job = Route.ComponentProps['loaderData']['jobs'][number]
const jobSortKeys = ['id', 'name', 'failedAt', 'attempts'] as const

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.jobs.title')]
