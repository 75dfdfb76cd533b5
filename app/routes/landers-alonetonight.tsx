import { FormattedMessage } from 'react-intl'
import { redirect } from 'react-router'
import { LanderLoginLink, LanderSignupCta } from '#app/features/landers/components/lander-cta'
import { LanderDisclosure, LanderPhoto, usePlace } from '#app/features/landers/components/lander-photo'
import { NightScenery } from '#app/features/landers/components/night-scenery'
import { ProfileCount } from '#app/features/landers/components/profile-count'
import { audienceFromSlug } from '#app/features/landers/lander-slug'
import { landerDescription, landerProfiles, listedProfileCount } from '#app/features/landers/landers.server'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { pageTitle } from '#app/i18n/meta'
import type { SeoHandle } from '#app/ui/seo-tags'
import type { Route } from './+types/landers-alonetonight'
import { Icon } from '#app/ui/icon'

export const handle: SeoHandle = { seo: (d) => ({ titleId: 'lander.alone.title', description: (d as { description?: string } | undefined)?.description }) }

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
        <NightScenery />
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
