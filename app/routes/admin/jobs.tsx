import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { data, Form, useNavigation } from 'react-router'
import { failedJobs, retryJob } from '#app/features/console/site-admin/jobs-admin.server'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import type { Route } from './+types/jobs'
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
  return (
    <>
      <h1 className="h3 mb-3">
        <FormattedMessage id="admin.jobs.title" />
      </h1>
      {actionData?.ok ? (
        <div className={`alert ${actionData.outcome === 'queued' ? 'alert-success' : 'alert-info'} py-2`} role="status">
          <FormattedMessage id={`admin.jobs.outcome.${actionData.outcome}`} values={{ id: actionData.id }} />
        </div>
      ) : null}
      {loaderData.jobs.length === 0 ? (
        <p className="text-body-secondary" data-testid="jobs-empty">
          <FormattedMessage id="admin.jobs.empty" />
        </p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle" data-testid="failed-jobs">
            <thead>
              <tr>
                {['id', 'name', 'failedAt', 'attempts', 'error', 'retry'].map((c) => (
                  <th key={c} scope="col">
                    <FormattedMessage id={`admin.jobs.col.${c}`} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {loaderData.jobs.map((j) => {
                const failed = actionData && !actionData.ok && actionData.id === j.id ? actionData : null
                return (
                  <tr key={j.id}>
                    <td>#{j.id}</td>
                    <td>
                      <code>{j.name}</code>
                    </td>
                    <td className="text-nowrap">
                      <FormattedDate value={j.failedAt} dateStyle="short" timeStyle="medium" />
                    </td>
                    <td>{j.attempts}</td>
                    <td className="text-break small">
                      <code className="text-danger-emphasis">{j.lastError ?? ''}</code>
                    </td>
                    <td style={{ minWidth: '16rem' }}>
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
                        <button type="submit" className="btn btn-sm btn-dark" disabled={busyId === j.id} aria-label={intl.formatMessage({ id: 'admin.jobs.retryJob' }, { id: j.id })}>
                          {busyId === j.id ? <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" /> : <Icon name="arrow-clockwise" className="me-1" />}
                          <FormattedMessage id="admin.jobs.retry" />
                        </button>
                      </Form>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.jobs.title')]
