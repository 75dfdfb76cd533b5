import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { data, Form, useNavigation } from 'react-router'
import { SettingControl } from '#app/features/console/site-admin/components/setting-control'
import { formFields } from '#app/lib/form-fields'
import { rawFromForm, settingSections, type EditableKey, type RawValue } from '#app/features/console/site-admin/setting-fields'
import { listSettingChanges, saveSettingsSection, settingsFormValues } from '#app/features/console/site-admin/settings-admin.server'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import { DataTable, type Column } from '#app/ui/data-table'
import type { Route } from './+types/settings'

export async function loader({ request }: Route.LoaderArgs) {
  await requireOperator(request, 'settings.edit')
  const [values, history] = await Promise.all([settingsFormValues(), listSettingChanges(50)])
  return { values, history }
}

export async function action({ request }: Route.ActionArgs) {
  const operator = await requireOperator(request, 'settings.edit')
  const form = await request.formData()
  const sectionId = String(form.get('section') ?? '')
  const section = settingSections.find((s) => s.id === sectionId)
  if (!section) throw data('Unknown section', { status: 400 })
  const raw: Partial<Record<EditableKey, RawValue>> = {}
  const fields = formFields(form)
  for (const key of section.keys) raw[key] = rawFromForm(fields, key)
  const reason = form.get('reason')
  const result = await saveSettingsSection({ operator, sectionId, raw, reason })
  if (!result.ok)
    return data(
      { section: sectionId, ok: false as const, errors: result.errors, reasonError: result.reasonError, raw, reason: String(reason ?? '') },
      { status: 400 },
    )
  return { section: sectionId, ok: true as const, changed: result.changed }
}

/** The settings editor (spec section 3): one form per section, each change validated, explained and recorded. */
export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const intl = useIntl()
  const navigation = useNavigation()
  const busySection = navigation.state !== 'idle' ? navigation.formData?.get('section') : null
  const version = loaderData.history[0]?.id ?? 0
  return (
    <>
      <h1 className="h3 mb-3">
        <FormattedMessage id="admin.settings.title" />
      </h1>
      <p className="text-body-secondary">
        <FormattedMessage id="admin.settings.intro" />
      </p>
      <nav aria-label={intl.formatMessage({ id: 'admin.settings.sections' })} className="mb-3">
        <ul className="nav nav-pills small">
          {settingSections.map((s) => (
            <li key={s.id} className="nav-item">
              <a className="nav-link link-body-emphasis" href={`#section-${s.id}`}>
                <FormattedMessage id={`admin.settings.section.${s.id}`} />
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {settingSections.map((s) => {
        const mine = actionData?.section === s.id ? actionData : null
        const failed = mine && !mine.ok ? mine : null
        return (
          <section key={s.id} id={`section-${s.id}`} className="card mb-4" aria-labelledby={`section-${s.id}-title`} data-testid={`settings-${s.id}`}>
            <div className="card-body">
              <h2 id={`section-${s.id}-title`} className="h5 card-title">
                <FormattedMessage id={`admin.settings.section.${s.id}`} />
              </h2>
              {mine?.ok ? (
                <div className="alert alert-success py-2" role="status">
                  <FormattedMessage id="admin.settings.saved" values={{ count: mine.changed.length }} />
                </div>
              ) : null}
              {failed ? (
                <div className="alert alert-danger py-2" role="alert">
                  <FormattedMessage id="admin.settings.fixErrors" />
                </div>
              ) : null}
              <Form method="post" noValidate key={`${s.id}-${version}`}>
                <input type="hidden" name="section" value={s.id} />
                {s.keys.map((key) => (
                  <SettingControl key={key} name={key} value={failed ? failed.raw[key] : loaderData.values[key]} error={failed?.errors[key]} />
                ))}
                <div className="mb-3">
                  <label className="form-label" htmlFor={`reason-${s.id}`}>
                    <FormattedMessage id="admin.run.reason" />
                  </label>
                  <input
                    className={`form-control${failed?.reasonError ? ' is-invalid' : ''}`}
                    id={`reason-${s.id}`}
                    name="reason"
                    maxLength={500}
                    defaultValue={failed?.reason ?? ''}
                    aria-describedby={failed?.reasonError ? `reason-${s.id}-error` : undefined}
                  />
                  {failed?.reasonError ? (
                    <div id={`reason-${s.id}-error`} className="invalid-feedback">
                      <FormattedMessage id={failed.reasonError} />
                    </div>
                  ) : null}
                </div>
                <button type="submit" className="btn btn-dark" disabled={busySection === s.id}>
                  {busySection === s.id ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
                  <FormattedMessage id="admin.settings.save" values={{ section: intl.formatMessage({ id: `admin.settings.section.${s.id}` }) }} />
                </button>
              </Form>
            </div>
          </section>
        )
      })}
      <section aria-labelledby="history-title">
        <h2 id="history-title" className="h5">
          <FormattedMessage id="admin.settings.history" />
        </h2>
        <DataTable
          testId="settings-history"
          labelledBy="history-title"
          columns={historyColumns}
          rows={loaderData.history}
          rowKey={(h) => h.id}
          empty={<FormattedMessage id="admin.settings.historyEmpty" />}
        />
      </section>
    </>
  )
}

type Change = Route.ComponentProps['loaderData']['history'][number]

// The latest changes, newest first (settings-admin.server.ts): a history reads in time order.
const historyColumns: Column<Change>[] = [
  {
    id: 'when',
    header: <FormattedMessage id="admin.audit.when" />,
    cell: (h) => <FormattedDate value={h.createdAt} dateStyle="short" timeStyle="short" />,
    className: 'text-nowrap',
  },
  { id: 'who', header: <FormattedMessage id="admin.audit.who" />, cell: (h) => h.operatorName },
  { id: 'setting', header: <FormattedMessage id="admin.settings.setting" />, cell: (h) => <code>{h.key}</code> },
  { id: 'old', header: <FormattedMessage id="admin.settings.oldValue" />, cell: (h) => <code>{JSON.stringify(h.oldValue)}</code>, className: 'text-break' },
  { id: 'new', header: <FormattedMessage id="admin.settings.newValue" />, cell: (h) => <code>{JSON.stringify(h.newValue)}</code>, className: 'text-break' },
  { id: 'why', header: <FormattedMessage id="admin.audit.why" />, cell: (h) => h.reason, className: 'text-break' },
]

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.settings.title')]
