import { FormattedMessage } from 'react-intl'
import { data, Form, Link, useNavigation } from 'react-router'
import { contentSource, parsePageKey, previewContentPage, saveContentPage } from '#app/features/console/site-admin/content-admin.server'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { localeNames } from '#app/i18n/locales'
import { pageTitle } from '#app/i18n/meta'
import type { Route } from './+types/content-edit'

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireOperator(request, 'content.edit')
  const key = keyOf(params)
  // A locale without its own text starts from the English one, to translate.
  const own = await contentSource(key.token, key.locale)
  const source = own ?? (await contentSource(key.token, 'en'))
  return { ...key, exists: !!own, title: source?.title ?? '', body: source?.body ?? '' }
}

function keyOf(params: { token: string; locale: string }) {
  const key = parsePageKey(params.token, params.locale)
  if (!key) throw data('Not found', { status: 404 })
  return key
}

export async function action({ request, params }: Route.ActionArgs) {
  const operator = await requireOperator(request, 'content.edit')
  const key = keyOf(params)
  const form = await request.formData()
  const input = { title: form.get('title'), body: form.get('body'), reason: form.get('reason') }
  const typed = { title: String(input.title ?? ''), body: String(input.body ?? ''), reason: String(input.reason ?? '') }
  if (form.get('intent') === 'preview') {
    const r = await previewContentPage(key.token, key.locale, input)
    if (!r.ok) return data({ intent: 'preview' as const, typed, errors: r.errors, preview: null, saved: false }, { status: 400 })
    return { intent: 'preview' as const, typed, errors: {}, preview: { title: r.page.title, html: r.page.html }, saved: false }
  }
  const r = await saveContentPage(operator, key.token, key.locale, input)
  if (!r.ok) return data({ intent: 'save' as const, typed, errors: r.errors, preview: null, saved: false }, { status: 400 })
  return { intent: 'save' as const, typed: null, errors: {}, preview: null, saved: true }
}

/** Edits one content page in one language: Markdown and title, a preview as members will see it, then save. */
export default function AdminContentEdit({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const pending = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null
  const typed = actionData?.typed ?? null
  const errors: Partial<Record<'title' | 'body' | 'reason', string>> = actionData?.errors ?? {}
  const field = (name: 'title' | 'body' | 'reason') => ({
    id: `page-${name}`,
    name,
    className: `form-control${errors[name] ? ' is-invalid' : ''}`,
    'aria-describedby': errors[name] ? `page-${name}-error` : undefined,
  })
  const error = (name: 'title' | 'body' | 'reason') =>
    errors[name] ? (
      <div id={`page-${name}-error`} className="invalid-feedback">
        <FormattedMessage id={errors[name]} />
      </div>
    ) : null
  return (
    <>
      <p>
        <Link to="/admin/content">
          <FormattedMessage id="admin.content.back" />
        </Link>
      </p>
      <h1 className="h3 mb-3">
        <FormattedMessage id="admin.content.editHeading" values={{ page: loaderData.token, language: localeNames[loaderData.locale] }} />
      </h1>
      {!loaderData.exists ? (
        <div className="alert alert-info py-2">
          <FormattedMessage id="admin.content.newInLocale" />
        </div>
      ) : null}
      {actionData?.saved ? (
        <div className="alert alert-success py-2" role="status">
          <FormattedMessage id="admin.content.saved" />
        </div>
      ) : null}
      <div className="row g-4">
        <div className="col-lg-6">
          <Form method="post" noValidate key={actionData?.saved ? 'saved' : 'editing'}>
            <div className="mb-3">
              <label className="form-label" htmlFor="page-title">
                <FormattedMessage id="admin.content.pageTitle" />
              </label>
              <input {...field('title')} maxLength={200} defaultValue={typed?.title ?? loaderData.title} />
              {error('title')}
            </div>
            <div className="mb-3">
              <label className="form-label" htmlFor="page-body">
                <FormattedMessage id="admin.content.body" />
              </label>
              <textarea
                {...field('body')}
                rows={18}
                className={`${field('body').className} font-monospace small`}
                defaultValue={typed?.body ?? loaderData.body}
              />
              <div className="form-text">
                <FormattedMessage id="admin.content.bodyHelp" />
              </div>
              {error('body')}
            </div>
            <div className="mb-3">
              <label className="form-label" htmlFor="page-reason">
                <FormattedMessage id="admin.run.reason" />
              </label>
              <input {...field('reason')} maxLength={500} defaultValue={typed?.reason ?? ''} />
              {error('reason')}
            </div>
            <div className="d-flex gap-2">
              <button type="submit" name="intent" value="preview" className="btn btn-outline-dark" disabled={!!pending}>
                {pending === 'preview' ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
                <FormattedMessage id="admin.content.preview" />
              </button>
              <button type="submit" name="intent" value="save" className="btn btn-dark" disabled={!!pending}>
                {pending === 'save' ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
                <FormattedMessage id="admin.content.save" />
              </button>
            </div>
          </Form>
        </div>
        <div className="col-lg-6">
          <section className="card" aria-labelledby="preview-title" data-testid="content-preview">
            <div className="card-header">
              <h2 id="preview-title" className="h6 mb-0">
                <FormattedMessage id="admin.content.previewTitle" />
              </h2>
            </div>
            <div className="card-body">
              {actionData?.preview ? (
                <article lang={loaderData.locale}>
                  <h3 className="h4">{actionData.preview.title}</h3>
                  {/* Rendered and sanitised on the server by the site's own renderer (markdown.server.ts). */}
                  <div className="content-page" dangerouslySetInnerHTML={{ __html: actionData.preview.html }} />
                </article>
              ) : (
                <p className="text-body-secondary mb-0">
                  <FormattedMessage id="admin.content.previewEmpty" />
                </p>
              )}
            </div>
          </section>
        </div>
      </div>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.content.editTitle')]
