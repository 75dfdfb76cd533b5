import { FormattedMessage } from 'react-intl'
import { redirect } from 'react-router'
import { LanderLoginLink, LanderSignupCta } from '#app/features/landers/components/lander-cta'
import { landerDescription } from '#app/features/landers/landers.server'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { pageTitle } from '#app/i18n/meta'
import type { SeoHandle } from '#app/ui/seo-tags'
import type { Route } from './+types/landers-iconslanding'
import { Icon } from '#app/ui/icon'

export const handle: SeoHandle = { seo: (d) => ({ titleId: 'lander.icons.title', description: (d as { description?: string } | undefined)?.description }) }

// What the product really does (each one a screen of spec section 2), one icon each.
const FEATURES = [
  ['search', 'search-heart', 'rose'],
  ['like', 'hearts', 'amber'],
  ['chat', 'chat-heart', 'violet'],
  ['privacy', 'shield-lock', 'teal'],
  ['languages', 'translate', 'blue'],
  ['app', 'phone', 'green'],
] as const

const ORBIT = ['chat-dots-fill', 'heart-fill', 'geo-alt-fill', 'camera-fill', 'stars', 'bell-fill'] as const

export async function loader({ request, context }: Route.LoaderArgs) {
  if (context.viewer) throw redirect('/members')
  const { locale } = await requestLocale(request, context)
  return { description: landerDescription(locale, 'lander.icons.description') }
}

/** Icon-led feature page (/landers/iconslanding): an icon constellation, six features, three steps, a closing band. */
export default function IconsLander() {
  return (
    <div className="lander-icons">
      <section className="icons-hero">
        <div className="container">
          <div className="row align-items-center g-5">
            <div className="col-lg-6">
              <h1 className="icons-title">
                <FormattedMessage id="lander.icons.title" />
              </h1>
              <p className="icons-lead">
                <FormattedMessage id="lander.icons.lead" />
              </p>
              <div className="d-flex flex-wrap align-items-center gap-3">
                <LanderSignupCta />
                <LanderLoginLink />
              </div>
            </div>
            <div className="col-lg-6">
              <div className="icons-orbit" aria-hidden="true">
                <span className="icons-core">
                  <Icon name="heart-fill" />
                </span>
                {ORBIT.map((icon, i) => (
                  <span key={icon} className={`icons-sat icons-sat-${i}`}>
                    <Icon name={icon} />
                  </span>
                ))}
              </div>
            </div>
          </div>
        </div>
      </section>

      <section className="container icons-features" aria-labelledby="icons-features-title">
        <h2 id="icons-features-title" className="icons-h2 text-center">
          <FormattedMessage id="lander.icons.featuresTitle" />
        </h2>
        <ul className="row g-4 list-unstyled mb-0">
          {FEATURES.map(([key, icon, tone]) => (
            <li key={key} className="col-sm-6 col-lg-4">
              <div className="icons-feature">
                <span className={`icons-badge icons-tone-${tone}`} aria-hidden="true">
                  <Icon name={icon} />
                </span>
                <h3 className="h5 mt-3">
                  <FormattedMessage id={`lander.icons.${key}.title`} />
                </h3>
                <p className="mb-0 text-body-secondary">
                  <FormattedMessage id={`lander.icons.${key}.text`} />
                </p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="icons-steps" aria-labelledby="icons-steps-title">
        <div className="container">
          <h2 id="icons-steps-title" className="icons-h2 text-center">
            <FormattedMessage id="lander.icons.stepsTitle" />
          </h2>
          <ol className="icons-steps-list list-unstyled">
            {(
              [
                ['step1', 'person-plus-fill'],
                ['step2', 'search-heart-fill'],
                ['step3', 'chat-heart-fill'],
              ] as const
            ).map(([k, icon], i) => (
              <li key={k} className="icons-step">
                <span className="icons-step-icon" aria-hidden="true">
                  <Icon name={icon} />
                  <span className="icons-step-no">{i + 1}</span>
                </span>
                <p className="h5 mb-0">
                  <FormattedMessage id={`lander.icons.${k}`} />
                </p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="icons-band">
        <div className="container text-center">
          <p className="icons-band-title">
            <Icon name="emoji-heart-eyes" className="me-2" />
            <FormattedMessage id="lander.icons.bandTitle" />
          </p>
          <LanderSignupCta
            className="btn btn-light btn-lg text-primary fw-semibold"
            noticeClassName="alert alert-light d-inline-block mb-0"
            testId="lander-signup-link-bottom"
          />
        </div>
      </section>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'lander.icons.title')]
}
