import { data } from 'react-router'
import { contentPage } from '#app/features/content/content-pages.server'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { pageTitle } from '#app/i18n/meta'
import type { SeoHandle } from '#app/ui/seo-tags'
import type { Route } from './+types/pages'
import { ErrorPage } from '#app/ui/error-page'

/** og:title: the content page's own title (app/ui/seo-tags.tsx). */
export const handle: SeoHandle = { seo: (d) => ({ title: (d as { title?: string } | undefined)?.title }) }

/** /pages/terms, /pages/privacy, …, /pages/{token} and /{token}: one content page in the visitor's language. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  // The named routes of spec section 2 pass their token through the path; /pages/{token} through the param.
  const token = params.token ?? new URL(request.url).pathname.split('/').pop() ?? ''
  const page = /^[a-z0-9-]{1,60}$/.test(token) ? await contentPage(token, (await requestLocale(request, context)).locale) : null
  // No such page: the site's 404 page, as for any other unknown address (the root's `/{token}` catches many).
  if (!page) return data({ notFound: true as const }, { status: 404 })
  return page
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  if ('notFound' in loaderData) return <ErrorPage status={404} inside />
  return (
    <article className="content-page mx-auto" style={{ maxWidth: 820 }} lang={loaderData.locale} data-testid="content-page">
      <h1 className="h2 mb-4">{loaderData.title}</h1>
      {/* Rendered from Markdown and sanitised on the server (app/features/content/markdown.server.ts). */}
      <div dangerouslySetInnerHTML={{ __html: loaderData.html }} />
    </article>
  )
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  return [pageTitle(matches, d && 'title' in d ? d.title : 'error.notFound')]
}
