import { FormattedMessage, useIntl } from 'react-intl'
import { redirect } from 'react-router'
import { LanderLoginLink, LanderSignupCta } from '#app/features/landers/components/lander-cta'
import { LanderDisclosure, LanderPhoto, usePlace } from '#app/features/landers/components/lander-photo'
import { MotionToggle, usePausable } from '#app/features/landers/components/motion-toggle'
import { ProfileCount } from '#app/features/landers/components/profile-count'
import { audienceFromSlug } from '#app/features/landers/lander-slug'
import { landerDescription, landerProfiles, listedProfileCount } from '#app/features/landers/landers.server'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { pageTitle } from '#app/i18n/meta'
import type { SeoHandle } from '#app/ui/seo-tags'
import type { Route } from './+types/landers-transitionsvideolanding'
import { Icon } from '#app/ui/icon'

// Five scenes of four seconds; each enters with its own transition (app/styles/landers.scss, .film-scene-N).
const SCENES = 5

export const handle: SeoHandle = {
  seo: (d) => ({ titleId: 'lander.transitions.title', description: (d as { description?: string } | undefined)?.description }),
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (context.viewer) throw redirect('/members')
  const { locale } = await requestLocale(request, context)
  const [profiles, count] = await Promise.all([landerProfiles(audienceFromSlug(params.slug), SCENES), listedProfileCount()])
  return { profiles: profiles.filter((p) => p.thumb), count, description: landerDescription(locale, 'lander.transitions.description') }
}

/**
 * Transitions "video" lander (/landers/transitionsvideolanding): a looping film made in CSS from demo photos, each
 * scene entering with a different transition (fade and zoom, iris, slide, blinds, wipe) under drifting hearts.
 * It can be paused (WCAG 2.2.2) and stands still as a photo strip for visitors who prefer reduced motion.
 */
export default function TransitionsVideoLander({ loaderData }: Route.ComponentProps) {
  const intl = useIntl()
  const place = usePlace()
  const [paused, setPaused] = usePausable()
  const { profiles, count } = loaderData
  return (
    <div className="lander-film">
      <div className="container">
        <div className="row g-4 g-lg-5 align-items-center">
          <div className="col-lg-7">
            <div
              id="film-stage"
              className={`film-stage film-n-${profiles.length}${paused ? ' is-paused' : ''}`}
              role="group"
              aria-roledescription={intl.formatMessage({ id: 'lander.transitions.filmRole' })}
              aria-label={intl.formatMessage({ id: 'lander.transitions.filmLabel' })}
              data-testid="lander-film"
            >
              {profiles.map((p, i) => (
                <figure key={p.id} className={`film-scene film-scene-${i}`}>
                  <LanderPhoto profile={p} className="film-photo" size={600} eager large />
                  <figcaption className="film-caption">
                    <span className="film-name">
                      {p.name}, {p.age}
                    </span>
                    <span className="film-place">{place(p)}</span>
                    <LanderDisclosure profile={p} />
                  </figcaption>
                </figure>
              ))}
              <svg className="film-hearts" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                {[12, 30, 52, 70, 88].map((x, i) => (
                  <path
                    key={x}
                    className="film-heart"
                    style={{ animationDelay: `${i * 1.7}s` }}
                    transform={`translate(${x} 104)`}
                    d="M0 3 C-4 -1 -4 -5 -1.5 -5 C-.5 -5 0 -4 0 -3.5 C0 -4 .5 -5 1.5 -5 C4 -5 4 -1 0 3 Z"
                  />
                ))}
              </svg>
              <span className="film-vignette" aria-hidden="true" />
              <div className="film-bar">
                <span className="film-progress" aria-hidden="true" />
                <MotionToggle paused={paused} onChange={setPaused} controls="film-stage" className="btn btn-sm film-toggle" />
              </div>
            </div>
          </div>
          <div className="col-lg-5">
            <p className="film-kicker">
              <Icon name="film" className="me-2" />
              <FormattedMessage id="lander.transitions.kicker" />
            </p>
            <h1 className="film-title">
              <FormattedMessage id="lander.transitions.title" />
            </h1>
            <p className="film-lead">
              <FormattedMessage id="lander.transitions.lead" />
            </p>
            <p className="film-count">
              <ProfileCount count={count} />
            </p>
            <div className="d-flex flex-wrap align-items-center gap-3">
              <LanderSignupCta className="btn btn-lg film-cta" noticeClassName="alert alert-light mb-0" />
              <LanderLoginLink className="film-link" />
            </div>
          </div>
        </div>
      </div>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'lander.transitions.title')]
}
