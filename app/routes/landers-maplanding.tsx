import { FormattedMessage, useIntl } from 'react-intl'
import { redirect } from 'react-router'
import { signupOptionsFor } from '#app/routes/-helpers/signup-options.server'
import { AudienceSwitch } from '#app/features/landers/components/audience-switch'
import { LanderLoginLink, LanderSignupCta } from '#app/features/landers/components/lander-cta'
import { LanderDisclosure, LanderPhoto } from '#app/features/landers/components/lander-photo'
import { audienceFromSlug, countryFromSlug } from '#app/features/landers/lander-slug'
import { landerDescription, mapLander } from '#app/features/landers/landers.server'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { pageTitle } from '#app/i18n/meta'
import type { SeoHandle } from '#app/ui/seo-tags'
import type { Route } from './+types/landers-maplanding'
import { Icon } from '#app/ui/icon'
import { regionNamesFor } from '#app/lib/intl-cache'

export const handle: SeoHandle = {
  seo: (d) => {
    const data = d as { description?: string; title?: string } | undefined
    return { title: data?.title, description: data?.description }
  },
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (context.viewer) throw redirect('/members')
  const { locale } = await requestLocale(request, context)
  // The visitor's country as the signup form guesses it (offline GeoIP, else the language's country), unless the
  // slug names a served country.
  const options = await signupOptionsFor(request, context, { locale })
  const country = countryFromSlug(params.slug, options.countries) ?? options.defaultCountry
  const audience = audienceFromSlug(params.slug)
  const data = await mapLander(country, audience)
  const countryName = regionNamesFor(locale).of(country) ?? country
  return {
    ...data,
    audience,
    countryName,
    description: landerDescription(locale, 'lander.map.description', { country: countryName }),
    title: landerDescription(locale, 'lander.map.title', { country: countryName }),
  }
}

/**
 * Map lander (/landers/maplanding): the visitor's country drawn as a dot map of its towns (our own SVG from
 * offline place data, no tiles), with a marker per town where listed profiles live and their real number.
 */
export default function MapLander({ loaderData }: Route.ComponentProps) {
  const intl = useIntl()
  const { map, places, elsewhere, total, profiles, countryName, audience } = loaderData
  const top = places.slice(0, 8)
  const pad = 24
  return (
    <div className="lander-map">
      <div className="container">
        <div className="row g-4 g-lg-5 align-items-center">
          <div className="col-lg-7 order-lg-2">
            {map ? (
              <figure className="map-figure mb-0">
                <svg
                  className="map-svg"
                  viewBox={`${-pad} ${-pad} ${map.width + 2 * pad} ${map.height + 2 * pad}`}
                  role="img"
                  aria-labelledby="map-svg-title"
                  data-testid="lander-map"
                >
                  <title id="map-svg-title">{intl.formatMessage({ id: 'lander.map.mapLabel' }, { country: countryName })}</title>
                  <g className="map-dots">
                    {map.dots.map(([x, y], i) => (
                      <circle key={i} cx={x} cy={y} r={map.width / 48 / 2.8} />
                    ))}
                  </g>
                  {places.map((p, i) => {
                    // Marker sizes follow the map's own scale (a tall country is drawn narrower).
                    const u = map.width / 100
                    const r = u * (3.2 + Math.min(p.count, 10) * 0.3)
                    return (
                      <g key={p.city} className="map-marker" transform={`translate(${p.x} ${p.y})`} style={{ animationDelay: `${Math.min(i, 10) * 0.12}s` }}>
                        <circle className="map-pulse" r={r * 1.6} />
                        <circle className="map-pin" r={r} strokeWidth={u * 0.6} />
                        <text className="map-pin-count" dy="0.35em" textAnchor="middle" fontSize={r * 1.1}>
                          {p.count}
                        </text>
                      </g>
                    )
                  })}
                </svg>
              </figure>
            ) : null}
          </div>
          <div className="col-lg-5 order-lg-1">
            <p className="map-kicker">
              <Icon name="geo-alt-fill" className="me-1" />
              {countryName}
            </p>
            <h1 className="map-title">
              <FormattedMessage id="lander.map.title" values={{ country: countryName }} />
            </h1>
            <p className="map-lead">
              <FormattedMessage id={total ? 'lander.map.lead' : 'lander.map.empty'} values={{ country: countryName }} />
            </p>
            <AudienceSwitch base="/landers/maplanding" audience={audience} className="mb-3" />
            {total ? (
              <>
                <p className="map-total" data-testid="map-total">
                  <FormattedMessage id="lander.map.total" values={{ count: total, country: countryName }} />
                </p>
                <ol className="map-places list-unstyled">
                  {top.map((p) => (
                    <li key={p.city}>
                      <span className="map-place-dot" aria-hidden="true" />
                      <FormattedMessage id="lander.map.place" values={{ city: p.city, count: p.count }} />
                    </li>
                  ))}
                  {elsewhere ? (
                    <li>
                      <span className="map-place-dot is-muted" aria-hidden="true" />
                      <FormattedMessage id="lander.map.elsewhere" values={{ country: countryName, count: elsewhere }} />
                    </li>
                  ) : null}
                </ol>
              </>
            ) : null}
            <div className="d-flex flex-wrap align-items-center gap-3 mt-3">
              <LanderSignupCta />
              <LanderLoginLink />
            </div>
          </div>
        </div>
        {profiles.length ? (
          <section className="map-people" aria-labelledby="map-people-title">
            <h2 id="map-people-title" className="h4">
              <FormattedMessage id="lander.map.peopleTitle" values={{ country: countryName }} />
            </h2>
            <ul className="row g-3 list-unstyled mb-0">
              {profiles.map((p) => (
                <li key={p.id} className="col-6 col-md-3">
                  <div className="map-person">
                    <LanderPhoto profile={p} className="map-person-photo" size={96} />
                    <div className="min-w-0">
                      <p className="mb-0 fw-semibold text-truncate">
                        {p.name}, {p.age}
                      </p>
                      {p.city ? <p className="small text-body-secondary mb-1 text-truncate">{p.city}</p> : null}
                      <LanderDisclosure profile={p} />
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  )
}

export function meta({ data, matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'lander.map.title', { country: data?.countryName ?? '' })]
}
