import { FormattedMessage } from 'react-intl'
import { data, Form, Link, useNavigation } from 'react-router'
import { companyFields, type CompanyField } from '#app/features/console/site-admin/company-fields'
import { companyFormValues, saveCompanyInfo } from '#app/features/console/site-admin/content-admin.server'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { pageTitle } from '#app/i18n/meta'
import type { Route } from './+types/company'

export async function loader({ request }: Route.LoaderArgs) {
  await requireOperator(request, 'content.edit')
  return { values: await companyFormValues() }
}

export async function action({ request }: Route.ActionArgs) {
  const operator = await requireOperator(request, 'content.edit')
  const form = await request.formData()
  const input: Record<string, string> = {}
  for (const k of [...companyFields, 'reason']) input[k] = String(form.get(k) ?? '')
  const r = await saveCompanyInfo(operator, input)
  if (!r.ok) return data({ ok: false as const, errors: r.errors, input }, { status: 400 })
  return { ok: true as const, changed: r.changed.length }
}

/** The company details shown in the imprint, the terms and /api/companyinfo.php. */
export default function AdminCompany({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle'
  const failed = actionData && !actionData.ok ? actionData : null
  const errors: Partial<Record<string, string>> = failed?.errors ?? {}
  const value = (k: string) => failed?.input[k] ?? (loaderData.values as Record<string, string>)[k] ?? ''
  return (
    <>
      <p>
        <Link to="/admin/content">
          <FormattedMessage id="admin.content.back" />
        </Link>
      </p>
      <h1 className="h3 mb-3">
        <FormattedMessage id="admin.company.title" />
      </h1>
      {actionData?.ok ? (
        <div className="alert alert-success py-2" role="status">
          <FormattedMessage id="admin.settings.saved" values={{ count: actionData.changed }} />
        </div>
      ) : null}
      <Form method="post" noValidate className="row g-3" key={actionData?.ok ? 'saved' : 'editing'}>
        {[...companyFields, 'reason' as const].map((k) => {
          const props = {
            id: `company-${k}`,
            name: k,
            className: `form-control${errors[k] ? ' is-invalid' : ''}`,
            defaultValue: value(k),
            'aria-describedby': errors[k] ? `company-${k}-error` : undefined,
          }
          return (
            <div key={k} className={k === 'reason' ? 'col-12' : 'col-md-6'}>
              <label className="form-label" htmlFor={`company-${k}`}>
                <FormattedMessage id={k === 'reason' ? 'admin.run.reason' : `admin.company.field.${k}`} />
              </label>
              {multiline.includes(k as CompanyField) ? (
                <textarea {...props} rows={3} />
              ) : (
                <input {...props} type={k === 'deleteDiscount' ? 'number' : 'text'} />
              )}
              {multiline.includes(k as CompanyField) ? (
                <div className="form-text">
                  <FormattedMessage id="admin.company.onePerLine" />
                </div>
              ) : null}
              {errors[k] ? (
                <div id={`company-${k}-error`} className="invalid-feedback">
                  <FormattedMessage id={errors[k]} />
                </div>
              ) : null}
            </div>
          )
        })}
        <div className="col-12">
          <button type="submit" className="btn btn-dark" disabled={busy}>
            {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
            <FormattedMessage id="admin.company.save" />
          </button>
        </div>
      </Form>
    </>
  )
}

const multiline: CompanyField[] = ['tradenames', 'vatNumbers']

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.company.title')]
