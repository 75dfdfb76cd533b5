import { FormattedMessage, useIntl } from 'react-intl'
import { Link, redirect } from 'react-router'
import { LanderLoginLink, LanderSignupCta, useSignupHref, useSignupOpen } from '#app/features/landers/components/lander-cta'
import { LanderDisclosure, LanderPhoto, usePlace } from '#app/features/landers/components/lander-photo'
import { ProfileCount } from '#app/features/landers/components/profile-count'
import { audienceFromSlug } from '#app/features/landers/lander-slug'
import { feedProfiles, landerDescription, listedProfileCount, type FeedProfile } from '#app/features/landers/landers.server'
import { requestLocale } from '#app/routes/-helpers/request-locale.server'
import { pageTitle } from '#app/i18n/meta'
import { useRootData } from '#app/layouts/use-root-data'
import type { SeoHandle } from '#app/ui/seo-tags'
import type { Route } from './+types/landers-socialnetwork'
import { Icon } from '#app/ui/icon'

export const handle: SeoHandle = { seo: (d) => ({ titleId: 'lander.social.seoTitle', description: (d as { description?: string } | undefined)?.description }) }

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (context.viewer) throw redirect('/members')
  const { locale } = await requestLocale(request, context)
  const [profiles, count] = await Promise.all([feedProfiles(audienceFromSlug(params.slug), 9), listedProfileCount()])
  return { profiles, count, description: landerDescription(locale, 'lander.social.description') }
}

function Post({ profile: p }: { profile: FeedProfile }) {
  const place = usePlace()
  const open = useSignupOpen()
  const href = useSignupHref()
  const headingId = `post-${p.id}`
  return (
    <article className="social-panel social-post" aria-labelledby={headingId}>
      <header className="social-post-head">
        <LanderPhoto profile={p} className="social-avatar" size={48} decorative />
        <div className="min-w-0">
          <h2 id={headingId} className="social-post-name">
            {p.name}, {p.age}
          </h2>
          <p className="social-post-place">{place(p)}</p>
        </div>
        <span className="ms-auto">
          <LanderDisclosure profile={p} />
        </span>
      </header>
      {p.aboutMe ? <p className="social-post-text">{p.aboutMe}</p> : null}
      <LanderPhoto profile={p} className="social-post-photo" size={600} large />
      {open ? (
        <div className="social-actions">
          <Link to={href} className="social-action">
            <Icon name="heart" />
            <FormattedMessage id="profile.like" />
            <span className="visually-hidden">: {p.name}</span>
          </Link>
          {p.isFictional ? null : (
            <Link to={href} className="social-action">
              <Icon name="chat" />
              <FormattedMessage id="profile.chat" />
              <span className="visually-hidden">: {p.name}</span>
            </Link>
          )}
        </div>
      ) : null}
    </article>
  )
}

/**
 * Feed-like lander (/landers/socialnetwork): a row of profile "stories" and a feed whose posts are the profiles'
 * own photos and about-me texts (nothing written for them). Like and message lead to the signup; fictional
 * profiles, which receive no messages, offer only the like.
 */
export default function SocialNetworkLander({ loaderData }: Route.ComponentProps) {
  const root = useRootData()
  const intl = useIntl()
  const { profiles, count } = loaderData
  const stories = profiles.slice(0, 8)
  const posts = profiles.slice(0, 6)
  return (
    <div className="lander-social">
      <div className="container">
        <div className="social-layout">
          <div className="social-side">
            <div className="social-panel social-intro">
              <span className="social-logo" aria-hidden="true">
                <Icon name="people-fill" />
              </span>
              <h1 className="social-title">
                <FormattedMessage id="lander.social.title" values={{ name: root.site.name }} />
              </h1>
              <p className="text-body-secondary">
                <FormattedMessage id="lander.social.lead" />
              </p>
              <p className="small fw-semibold">
                <ProfileCount count={count} />
              </p>
              <LanderSignupCta className="btn btn-primary btn-lg w-100" />
              <p className="mt-3 mb-0 text-center small">
                <LanderLoginLink />
              </p>
            </div>
          </div>
          <section className="social-feed" aria-label={intl.formatMessage({ id: 'lander.social.feedLabel' })}>
            {stories.length ? (
              // Scrolls sideways on small screens: focusable so the keyboard can scroll it too.
              <div className="social-panel social-stories" role="region" aria-label={intl.formatMessage({ id: 'lander.social.storiesLabel' })} tabIndex={0}>
                <ul className="list-unstyled mb-0">
                  {stories.map((p) => (
                    <li key={p.id}>
                      <span className="social-ring">
                        <LanderPhoto profile={p} className="social-story-photo" size={72} decorative />
                      </span>
                      <span className="social-story-name">{p.name}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {posts.map((p) => (
              <Post key={p.id} profile={p} />
            ))}
            <div className="social-panel text-center social-end">
              <p className="h5">
                <FormattedMessage id="lander.social.endTitle" />
              </p>
              <LanderSignupCta testId="lander-signup-link-bottom" />
            </div>
          </section>
          <div className="social-aside">
            <div className="social-panel">
              <h2 className="h6 text-uppercase text-body-secondary">
                <FormattedMessage id="lander.social.whyTitle" />
              </h2>
              <ul className="social-why list-unstyled mb-0">
                {(
                  [
                    ['person-badge', 'lander.social.why1'],
                    ['lightning-charge', 'lander.social.why2'],
                    ['shield-check', 'lander.social.why3'],
                  ] as const
                ).map(([icon, id]) => (
                  <li key={id}>
                    <Icon name={icon} />
                    <FormattedMessage id={id} />
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </div>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'lander.social.seoTitle')]
}
