import { FormattedMessage } from 'react-intl'
import { redirect } from 'react-router'
import { LanderLoginLink, LanderSignupCta } from '#app/features/landers/components/lander-cta'
import { LanderDisclosure, LanderPhoto } from '#app/features/landers/components/lander-photo'
import { ProfileCount } from '#app/features/landers/components/profile-count'
import { audienceFromSlug } from '#app/features/landers/lander-slug'
import { landerDescription, landerProfiles, listedProfileCount } from '#app/features/landers/landers.server'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import type { SeoHandle } from '#app/ui/seo-tags'
import type { Route } from './+types/landers-collagelanding'

const PHOTOS = 10

export const handle: SeoHandle = { seo: (d) => ({ titleId: 'lander.collage.title', description: (d as { description?: string } | undefined)?.description }) }

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (context.viewer) throw redirect('/members')
  const { locale } = await requestLocale(request, context)
  const [profiles, count] = await Promise.all([landerProfiles(audienceFromSlug(params.slug), PHOTOS), listedProfileCount()])
  return { profiles, count, description: landerDescription(locale, 'lander.collage.description') }
}

/**
 * Collage lander (/landers/collagelanding): listed profiles pinned as tilted instant photos around a note card on
 * a cork-and-paper board. On phones the note comes first and the photos follow two by two.
 */
export default function CollageLander({ loaderData }: Route.ComponentProps) {
  const root = useRootData()
  const { profiles, count } = loaderData
  return (
    <div className="lander-collage">
      <div className="container">
        <div className="collage-board">
          <section className="collage-note" aria-labelledby="collage-title">
            <span className="collage-tape" aria-hidden="true" />
            <h1 id="collage-title" className="collage-title">
              <FormattedMessage id="lander.collage.title" />
            </h1>
            <p className="collage-lead">
              <FormattedMessage id="lander.collage.lead" values={{ name: root.site.name }} />
            </p>
            <p className="collage-count">
              <ProfileCount count={count} />
            </p>
            <LanderSignupCta className="btn btn-primary btn-lg w-100" />
            <p className="mt-3 mb-0 text-center">
              <LanderLoginLink className="link-dark" />
            </p>
          </section>
          {profiles.map((p, i) => (
            <figure key={p.id} className={`collage-polaroid collage-pos-${i}`}>
              <LanderPhoto profile={p} className="collage-photo" size={240} eager={i < 4} />
              <figcaption className="collage-caption">
                <span className="collage-name">
                  {p.name}, {p.age}
                </span>
                <LanderDisclosure profile={p} />
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'lander.collage.title')]
}
