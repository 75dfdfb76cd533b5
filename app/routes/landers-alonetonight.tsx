import { FormattedMessage } from 'react-intl'
import { redirect } from 'react-router'
import { LanderLoginLink, LanderSignupCta } from '#app/features/landers/components/lander-cta'
import { LanderDisclosure, LanderPhoto, usePlace } from '#app/features/landers/components/lander-photo'
import { ProfileCount } from '#app/features/landers/components/profile-count'
import { audienceFromSlug } from '#app/features/landers/lander-slug'
import { landerDescription, landerProfiles, listedProfileCount } from '#app/features/landers/landers.server'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { pageTitle } from '#app/i18n/meta'
import type { SeoHandle } from '#app/ui/seo-tags'
import type { Route } from './+types/landers-alonetonight'
import { Icon } from '#app/ui/icon'

export const handle: SeoHandle = { seo: (d) => ({ titleId: 'lander.alone.title', description: (d as { description?: string } | undefined)?.description }) }

// A fixed sky (no randomness at render: the server and the browser draw the same stars).
const STARS = Array.from({ length: 46 }, (_, i) => ({ x: (i * 37.3 + (i % 4) * 11) % 100, y: ((i * 23.7) % 56) + 2, r: i % 5 === 0 ? 1.6 : i % 3 === 0 ? 1.1 : 0.7, d: (i % 7) * 0.6 }))

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (context.viewer) throw redirect('/members')
  const { locale } = await requestLocale(request, context)
  const [profiles, count] = await Promise.all([landerProfiles(audienceFromSlug(params.slug), 8), listedProfileCount()])
  return { profiles, count, description: landerDescription(locale, 'lander.alone.description') }
}

/** Night-themed lander (spec section 2, /landers/alonetonight): a starry hero, who you could meet, three steps. */
export default function AloneTonightLander({ loaderData }: Route.ComponentProps) {
  const place = usePlace()
  const { profiles, count } = loaderData
  return (
    <div className="lander-night">
      <section className="night-hero">
        <svg className="night-sky" viewBox="0 0 100 60" preserveAspectRatio="xMaxYMin slice" aria-hidden="true" focusable="false">
          <defs>
            <radialGradient id="night-moon-glow">
              <stop offset="0" stopColor="#fff6d6" stopOpacity=".5" />
              <stop offset="1" stopColor="#fff6d6" stopOpacity="0" />
            </radialGradient>
            <mask id="night-crescent">
              <rect width="100" height="60" fill="#fff" />
              <circle cx="85.5" cy="12" r="6" fill="#000" />
            </mask>
          </defs>
          {STARS.map((s, i) => (
            <circle key={i} className="night-star" cx={s.x} cy={s.y} r={s.r / 6} style={{ animationDelay: `${s.d}s` }} />
          ))}
          <circle cx="82" cy="14" r="14" fill="url(#night-moon-glow)" />
          <circle cx="82" cy="14" r="6.5" fill="#ffe7a3" mask="url(#night-crescent)" />
        </svg>
        <svg className="night-city" viewBox="0 0 100 20" preserveAspectRatio="none" aria-hidden="true" focusable="false">
          <path d="M0 20 L0 10 L6 10 L6 4 L12 4 L12 12 L18 12 L18 2 L23 2 L23 0 L28 0 L28 8 L35 8 L35 3 L42 3 L42 14 L50 14 L50 6 L56 6 L56 1 L61 1 L61 10 L68 10 L68 4 L75 4 L75 12 L82 12 L82 3 L88 3 L88 9 L94 9 L94 5 L100 5 L100 20 Z" fill="#0a0e24" />
          {[
            [8, 7],
            [20, 5],
            [25, 3],
            [37, 6],
            [52, 9],
            [58, 4],
            [71, 7],
            [84, 6],
            [90, 11],
          ].map(([x, y], i) => (
            <rect key={i} className="night-window" x={x} y={y} width=".9" height="1.6" style={{ animationDelay: `${i * 1.3}s` }} />
          ))}
        </svg>
        <div className="container position-relative">
          <p className="night-kicker">
            <Icon name="moon-stars-fill" className="me-2" />
            <FormattedMessage id="lander.alone.kicker" />
          </p>
          <h1 className="night-title">
            <FormattedMessage id="lander.alone.headline" />
          </h1>
          <p className="night-lead">
            <FormattedMessage id="lander.alone.lead" />
          </p>
          <div className="d-flex flex-wrap align-items-center gap-3 mt-4">
            <LanderSignupCta className="btn btn-lg night-cta" noticeClassName="alert alert-light mb-0" />
            <LanderLoginLink className="night-link" />
          </div>
          <p className="night-count mt-4 mb-0">
            <ProfileCount count={count} />
          </p>
        </div>
      </section>

      {profiles.length ? (
        <section className="night-section" aria-labelledby="night-who">
          <div className="container">
            <h2 id="night-who" className="night-h2">
              <FormattedMessage id="lander.alone.whoTitle" />
            </h2>
            <ul className="night-grid list-unstyled">
              {profiles.map((p) => (
                <li key={p.id} className="night-card">
                  <LanderPhoto profile={p} className="night-photo" size={240} />
                  <div className="night-card-body">
                    <p className="night-name">
                      {p.name}, {p.age}
                    </p>
                    <p className="night-place">{place(p)}</p>
                    <LanderDisclosure profile={p} />
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <section className="night-section night-steps" aria-labelledby="night-how">
        <div className="container">
          <h2 id="night-how" className="night-h2">
            <FormattedMessage id="lander.alone.howTitle" />
          </h2>
          <ol className="row g-4 list-unstyled mb-0">
            {(
              [
                ['person-plus', 'lander.alone.step1'],
                ['search-heart', 'lander.alone.step2'],
                ['chat-heart', 'lander.alone.step3'],
              ] as const
            ).map(([icon, id], i) => (
              <li key={id} className="col-md-4">
                <div className="night-step">
                  <span className="night-step-no" aria-hidden="true">
                    {i + 1}
                  </span>
                  <Icon name={icon} />
                  <p className="mb-0">
                    <FormattedMessage id={id} />
                  </p>
                </div>
              </li>
            ))}
          </ol>
          <div className="text-center mt-5">
            <p className="night-final">
              <FormattedMessage id="lander.alone.final" />
            </p>
            <LanderSignupCta className="btn btn-lg night-cta" noticeClassName="alert alert-light d-inline-block mb-0" testId="lander-signup-link-bottom" />
          </div>
        </div>
      </section>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'lander.alone.title')]
}
