import { FormattedMessage } from 'react-intl'
import { Link, redirect } from 'react-router'
import { SignupLink } from '#app/features/accounts/components/signup-modal'
import { HeroArt } from '#app/features/niche/components/hero-art'
import { nicheOf } from '#app/features/niche/niche'
import { getSettings } from '#app/features/settings/settings.server'
import type { Route } from './+types/home'
import { Icon } from '#app/ui/icon'
import type { ColorSchemeHandle } from '#app/lib/color-mode'

// Under the landers' layout, which keeps its pages light, the home page draws both ways (issue 27).
export const handle: ColorSchemeHandle = { colorScheme: 'device' }

export async function loader({ context }: Route.LoaderArgs) {
  if (context.viewer) throw redirect('/members')
  const s = await getSettings()
  return { title: s.index_title, name: s.name, search: s.logged_out_search, niche: nicheOf(s.niche).id }
}

const stepIcons = { search: 'search', like: 'heart', chat: 'chat-heart' } as const

export default function Home({ loaderData }: Route.ComponentProps) {
  // The niche (setting niche) chooses the hero's art and copy; its colours come from <html data-niche>.
  const niche = nicheOf(loaderData.niche)
  return (
    <>
      <section className="hero" data-testid="hero" data-niche-hero={niche.slug}>
        <div className="container">
          <div className="row align-items-center gy-4 py-5">
            <div className="col-lg-7 py-lg-5">
              <p className="hero-eyebrow mb-3">
                <Icon name="stars" />
                <FormattedMessage id={niche.copy.eyebrow} />
              </p>
              <h1 className="hero-title display-5 fw-bold">
                <FormattedMessage id={niche.copy.title} />
              </h1>
              <p className="lead">
                <FormattedMessage id={niche.copy.lead} values={{ name: loaderData.name }} />
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
            <div className="col-lg-5 order-first order-lg-last">
              <HeroArt art={niche.art} palette={niche.palette} />
            </div>
          </div>
        </div>
      </section>
      <section className="container py-5">
        <div className="row g-4">
          {(['search', 'like', 'chat'] as const).map((k) => (
            <div className="col-md-4" key={k}>
              <span className="home-step-icon mb-3" aria-hidden="true">
                <Icon name={stepIcons[k]} />
              </span>
              <h2 className="h5">
                <FormattedMessage id={`home.step.${k}.title`} />
              </h2>
              <p className="text-body-secondary">
                <FormattedMessage id={niche.copy.steps[k]} />
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
