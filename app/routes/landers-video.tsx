import { FormattedMessage, useIntl } from 'react-intl'
import { redirect } from 'react-router'
import { LanderLoginLink, LanderSignupCta } from '#app/features/landers/components/lander-cta'
import { LanderPhoto } from '#app/features/landers/components/lander-photo'
import { MotionToggle, usePausable } from '#app/features/landers/components/motion-toggle'
import { audienceFromSlug } from '#app/features/landers/lander-slug'
import { landerDescription, landerProfiles } from '#app/features/landers/landers.server'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { pageTitle } from '#app/i18n/meta'
import type { SeoHandle } from '#app/ui/seo-tags'
import type { Route } from './+types/landers-video'
import { Icon } from '#app/ui/icon'

export const handle: SeoHandle = { seo: (d) => ({ titleId: 'lander.video.title', description: (d as { description?: string } | undefined)?.description }) }

const CHAPTERS = ['lander.video.scene1', 'lander.video.scene2', 'lander.video.scene3', 'lander.video.scene4'] as const

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (context.viewer) throw redirect('/members')
  const { locale } = await requestLocale(request, context)
  const profiles = (await landerProfiles(audienceFromSlug(params.slug), 6)).filter((p) => p.thumb)
  return { profiles, description: landerDescription(locale, 'lander.video.description') }
}

/**
 * Video lander (/landers/video): a 16-second explainer "film" in a player frame, drawn with CSS and our own SVG
 * around demo photos: create a profile, browse, match, chat. Its chapters are also written out below the player
 * (the transcript); it can be paused and stands still for visitors who prefer reduced motion.
 */
export default function VideoLander({ loaderData }: Route.ComponentProps) {
  const intl = useIntl()
  const [paused, setPaused] = usePausable()
  const { profiles } = loaderData
  const [a, b] = profiles
  return (
    <div className="lander-video">
      <div className="container">
        <header className="text-center video-head">
          <h1 className="video-title">
            <FormattedMessage id="lander.video.title" />
          </h1>
          <p className="video-lead">
            <FormattedMessage id="lander.video.lead" />
          </p>
        </header>
        <div className="video-player">
          <div
            id="video-screen"
            className={`video-screen${paused ? ' is-paused' : ''}`}
            role="group"
            aria-roledescription={intl.formatMessage({ id: 'lander.transitions.filmRole' })}
            aria-label={intl.formatMessage({ id: 'lander.video.playerLabel' })}
            data-testid="lander-film"
          >
            {/* Scene 1: a profile card fills itself in. */}
            <div className="video-scene video-scene-0" aria-hidden="true">
              <div className="vs-card">
                {a ? <LanderPhoto profile={a} className="vs-card-photo" size={120} decorative eager /> : <span className="vs-card-photo" />}
                <span className="vs-line vs-line-1" />
                <span className="vs-line vs-line-2" />
                <span className="vs-line vs-line-3" />
                <span className="vs-check">
                  <Icon name="check-lg" />
                </span>
              </div>
            </div>
            {/* Scene 2: photos tile in. */}
            <div className="video-scene video-scene-1" aria-hidden="true">
              <div className="vs-grid">
                {profiles.map((p, i) => (
                  <span key={p.id} className="vs-tile" style={{ animationDelay: `${4 + i * 0.18}s` }}>
                    <LanderPhoto profile={p} className="vs-tile-photo" size={120} decorative eager />
                  </span>
                ))}
              </div>
            </div>
            {/* Scene 3: two photos meet, a heart beats. */}
            <div className="video-scene video-scene-2" aria-hidden="true">
              <div className="vs-match">
                {a ? <LanderPhoto profile={a} className="vs-match-photo vs-left" size={160} decorative eager /> : null}
                {b ? <LanderPhoto profile={b} className="vs-match-photo vs-right" size={160} decorative eager /> : null}
                <svg className="vs-heart" viewBox="0 0 32 30" focusable="false">
                  <path d="M16 29 C5 20 0 14 0 8 C0 3 4 0 8.5 0 C12 0 14.5 2 16 4.5 C17.5 2 20 0 23.5 0 C28 0 32 3 32 8 C32 14 27 20 16 29 Z" />
                </svg>
              </div>
            </div>
            {/* Scene 4: a phone, speech bubbles (no invented words: shapes only). */}
            <div className="video-scene video-scene-3" aria-hidden="true">
              <svg className="vs-phone" viewBox="0 0 120 200" focusable="false">
                <rect x="4" y="4" width="112" height="192" rx="18" className="vs-phone-body" />
                <rect x="12" y="22" width="96" height="156" rx="6" className="vs-phone-screen" />
                <rect x="20" y="36" width="56" height="16" rx="8" className="vs-bubble vs-b1" />
                <rect x="44" y="60" width="56" height="16" rx="8" className="vs-bubble vs-b2 is-mine" />
                <rect x="20" y="84" width="44" height="16" rx="8" className="vs-bubble vs-b3" />
                <rect x="36" y="108" width="64" height="16" rx="8" className="vs-bubble vs-b4 is-mine" />
                <g className="vs-dots">
                  <circle cx="28" cy="140" r="3" />
                  <circle cx="37" cy="140" r="3" />
                  <circle cx="46" cy="140" r="3" />
                </g>
              </svg>
            </div>
            <ol className="video-captions list-unstyled" aria-hidden="true">
              {CHAPTERS.map((id, i) => (
                <li key={id} className={`video-caption video-caption-${i}`}>
                  <FormattedMessage id={id} />
                </li>
              ))}
            </ol>
          </div>
          <div className="video-controls">
            <MotionToggle paused={paused} onChange={setPaused} controls="video-screen" className="btn btn-sm video-toggle" />
            <span className={`video-track${paused ? ' is-paused' : ''}`} aria-hidden="true">
              <span className="video-progress" />
              {CHAPTERS.map((id, i) => (
                <span key={id} className="video-chapter-mark" style={{ left: `${i * 25}%` }} />
              ))}
            </span>
            <span className="video-time" aria-hidden="true">
              0:16
            </span>
          </div>
        </div>
        <div className="row justify-content-center mt-4 g-4">
          <section className="col-md-7 col-lg-6" aria-labelledby="video-transcript-title">
            <h2 id="video-transcript-title" className="h6 text-uppercase video-transcript-title">
              <FormattedMessage id="lander.video.transcript" />
            </h2>
            <ol className="video-transcript">
              {CHAPTERS.map((id) => (
                <li key={id}>
                  <FormattedMessage id={id} />
                </li>
              ))}
            </ol>
          </section>
          <div className="col-md-5 col-lg-4 text-center text-md-start align-self-center">
            <LanderSignupCta className="btn btn-primary btn-lg" />
            <p className="mt-3 mb-0">
              <LanderLoginLink />
            </p>
          </div>
        </div>
      </div>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'lander.video.title')]
}
