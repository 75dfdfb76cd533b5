import { FormattedMessage } from 'react-intl'
import { Link, redirect } from 'react-router'
import { SignupLink } from '#app/features/accounts/components/signup-modal'
import { getSettings } from '#app/features/settings/settings.server'
import type { Route } from './+types/home'

export async function loader({ context }: Route.LoaderArgs) {
  if (context.viewer) throw redirect('/members')
  const s = await getSettings()
  return { title: s.index_title, name: s.name, search: s.logged_out_search }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="hero py-5">
        <div className="container py-lg-5">
          <h1 className="display-5 fw-bold">
            <FormattedMessage id="home.title" />
          </h1>
          <p className="lead col-lg-7">
            <FormattedMessage id="home.lead" values={{ name: loaderData.name }} />
          </p>
          <div className="d-flex flex-wrap gap-2 mt-4">
            <SignupLink className="btn btn-light btn-lg text-primary fw-semibold">
              <FormattedMessage id="home.cta" />
            </SignupLink>
            <Link to="/login" className="btn btn-outline-light btn-lg">
              <FormattedMessage id="nav.login" />
            </Link>
            {loaderData.search ? (
              <Link to="/members" className="btn btn-link link-light btn-lg">
                <FormattedMessage id="home.browse" />
              </Link>
            ) : null}
          </div>
        </div>
      </section>
      <section className="container py-5">
        <div className="row g-4">
          {(['search', 'like', 'chat'] as const).map((k) => (
            <div className="col-md-4" key={k}>
              <h2 className="h5">
                <i className={`bi bi-${k === 'search' ? 'search' : k === 'like' ? 'heart' : 'chat-heart'} text-primary me-2`} aria-hidden="true" />
                <FormattedMessage id={`home.step.${k}.title`} />
              </h2>
              <p className="text-body-secondary">
                <FormattedMessage id={`home.step.${k}.text`} />
              </p>
            </div>
          ))}
        </div>
        <p className="small text-body-secondary mt-4">
          <FormattedMessage id="home.adults" />
        </p>
      </section>
    </>
  )
}

export function meta({ data }: Route.MetaArgs) {
  // The description and Open Graph tags come from the root Layout (app/ui/seo-tags.tsx).
  return [{ title: data?.title }]
}
