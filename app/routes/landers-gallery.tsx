import { FormattedMessage } from 'react-intl'
import { Link, redirect, useLocation } from 'react-router'
import { AudienceSwitch } from '#app/features/landers/components/audience-switch'
import { LanderLoginLink, LanderSignupCta } from '#app/features/landers/components/lander-cta'
import { LanderDisclosure, LanderPhoto, usePlace } from '#app/features/landers/components/lander-photo'
import { ProfileCount } from '#app/features/landers/components/profile-count'
import { useLanderRoot } from '#app/features/landers/components/lander-root'
import { FictionalLegend } from '#app/features/profiles/components/fictional-badge'
import { audienceFromSlug } from '#app/features/landers/lander-slug'
import { landerDescription, landerProfiles, listedProfileCount } from '#app/features/landers/landers.server'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { pageTitle } from '#app/i18n/meta'
import type { SeoHandle } from '#app/ui/seo-tags'
import type { Route } from './+types/landers-gallery'
import { Icon } from '#app/ui/icon'

export const handle: SeoHandle = { seo: (d) => ({ titleId: 'lander.gallery.title', description: (d as { description?: string } | undefined)?.description }) }

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (context.viewer) throw redirect('/members')
  const { locale } = await requestLocale(request, context)
  const audience = audienceFromSlug(params.slug)
  const [profiles, count] = await Promise.all([landerProfiles(audience, 11), listedProfileCount()])
  return { profiles, count, audience, description: landerDescription(locale, 'lander.gallery.description') }
}

/**
 * Gallery lander (/landers/gallery): an editorial photo grid of listed profiles. Each photo opens that member's
 * landing (/members/{id}/landing), keeping the visit's query; a tile in the grid asks the visitor to sign up.
 */
export default function GalleryLander({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation()
  const place = usePlace()
  const { site } = useLanderRoot()
  const { profiles, count, audience } = loaderData
  return (
    <div className="lander-gallery">
      <header className="container gallery-head">
        <p className="gallery-kicker">
          <FormattedMessage id="lander.gallery.kicker" />
        </p>
        <div className="row align-items-end g-3">
          <div className="col-lg-7">
            <h1 className="gallery-title">
              <FormattedMessage id="lander.gallery.title" />
            </h1>
            <p className="gallery-lead mb-0">
              <FormattedMessage id="lander.gallery.lead" />
            </p>
          </div>
          <div className="col-lg-5 d-flex flex-column align-items-lg-end gap-2">
            <AudienceSwitch base="/landers/gallery" audience={audience} />
            <p className="small text-body-secondary mb-0">
              <ProfileCount count={count} />
            </p>
          </div>
        </div>
      </header>
      <div className="container">
        {profiles.some((p) => p.isFictional) ? <FictionalLegend site={site} /> : null}
        <ul className="gallery-grid list-unstyled">
          {profiles.map((p, i) => (
            <li key={p.id} className={`gallery-item${i === 0 ? ' gallery-feature' : ''}`}>
              <Link to={`/members/${p.id}/landing${search}`} className="gallery-link">
                <LanderPhoto profile={p} className="gallery-photo" size={i === 0 ? 600 : 240} eager={i < 5} decorative large={i === 0} />
                <span className="gallery-caption">
                  <span className="gallery-name">
                    {p.name}, {p.age}
                  </span>
                  <span className="gallery-place">{place(p)}</span>
                </span>
              </Link>
              {p.isFictional ? (
                <span className="gallery-badge">
                  <LanderDisclosure profile={p} />
                </span>
              ) : null}
            </li>
          ))}
          <li className="gallery-item gallery-cta">
            <div>
              <Icon name="images" />
              <p className="h4 mt-2">
                <FormattedMessage id="lander.gallery.ctaTitle" />
              </p>
              <LanderSignupCta className="btn btn-light btn-lg text-primary fw-semibold" noticeClassName="alert alert-light mb-0" />
              <p className="mt-3 mb-0">
                <LanderLoginLink className="link-light" />
              </p>
            </div>
          </li>
        </ul>
      </div>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'lander.gallery.title')]
}
