import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { requireViewer } from '#app/features/accounts/auth.server'
import { likeProfile, unlikeProfile } from '#app/features/likes/likes.server'
import { FictionalWarning } from '#app/features/profiles/components/fictional-badge'
import { loadProfilePage } from '#app/features/profiles/profile-page.server'
import { pageTitle } from '#app/i18n/meta'
import { idParam } from '#app/lib/http.server'
import { useRootData } from '#app/layouts/use-root-data'
import type { Route } from './+types/members-id'

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idParam(params.id)
  const page = await loadProfilePage(context.viewer?.profileId ?? null, id)
  if (page.kind === 'not_found') throw data(null, { status: 404 })
  if (page.kind === 'blocked') return data(page, { status: 403 })
  return page
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request)
  const id = idParam(params.id)
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'like') {
    const r = await likeProfile(viewer.profileId, id)
    if (!r.ok) return data({ error: r.error }, { status: r.error === 'blocked' ? 403 : r.error === 'self' ? 400 : 404 })
    return { match: r.match }
  }
  if (intent === 'unlike') {
    await unlikeProfile(viewer.profileId, id)
    return { match: false }
  }
  throw redirect(new URL(request.url).pathname)
}

export default function MemberProfile({ loaderData, actionData }: Route.ComponentProps) {
  const intl = useIntl()
  const root = useRootData()
  const navigation = useNavigation()
  if (loaderData.kind === 'blocked') {
    return (
      <div className="alert alert-danger" role="alert">
        <FormattedMessage id="profile.blockedBy" values={{ name: loaderData.name }} />
      </div>
    )
  }
  if (loaderData.kind !== 'ok') return null
  const { profile, liked, isOwn } = loaderData
  const regionNames = new Intl.DisplayNames([intl.locale], { type: 'region' })
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const chatHref = root.viewer ? `/members/${profile.id}/chat` : `/login?redirectTo=${encodeURIComponent(`/members/${profile.id}/chat`)}`
  return (
    <article className="row g-4" aria-labelledby="profile-name">
      <div className="col-md-5">
        {profile.mainImage && profile.mainImage.status === 'active' ? (
          <img src={`${root.site.cdnPrefix}/${profile.mainImage.filename}`} alt={intl.formatMessage({ id: 'profile.photoOf' }, { name: profile.name })} className="img-fluid rounded shadow-sm w-100" width={600} height={600} />
        ) : (
          <div className="ratio ratio-1x1 bg-body-secondary rounded d-flex align-items-center justify-content-center">
            <i className="bi bi-person fs-1 text-secondary d-flex align-items-center justify-content-center" aria-hidden="true" />
          </div>
        )}
      </div>
      <div className="col-md-7">
        <h1 id="profile-name" className="h2">
          {profile.name}, {profile.age}
        </h1>
        <p className="text-body-secondary">
          <i className="bi bi-geo-alt me-1" aria-hidden="true" />
          {[profile.city, profile.region, regionNames.of(profile.country)].filter(Boolean).join(', ')}
        </p>
        {profile.isFictional ? <FictionalWarning site={root.site} /> : null}
        {actionData && 'match' in actionData && actionData.match ? (
          <div className="alert alert-success" role="status">
            <FormattedMessage id="likes.itsAMatch" values={{ name: profile.name }} />
          </div>
        ) : null}
        {actionData && 'error' in actionData ? (
          <div className="alert alert-danger" role="alert">
            <FormattedMessage id="error.generic" />
          </div>
        ) : null}
        {!isOwn ? (
          <div className="d-flex gap-2 mb-4">
            {root.viewer ? (
              <Form method="post">
                <input type="hidden" name="intent" value={liked ? 'unlike' : 'like'} />
                <button type="submit" className={`btn ${liked ? 'btn-outline-primary' : 'btn-primary'}`} disabled={busy} aria-pressed={liked}>
                  <i className={`bi ${liked ? 'bi-heart-fill' : 'bi-heart'} me-1`} aria-hidden="true" />
                  <FormattedMessage id={liked ? 'profile.liked' : 'profile.like'} />
                </button>
              </Form>
            ) : (
              <Link className="btn btn-primary" to={`/login?redirectTo=${encodeURIComponent(`/members/${profile.id}`)}`}>
                <i className="bi bi-heart me-1" aria-hidden="true" />
                <FormattedMessage id="profile.like" />
              </Link>
            )}
            <Link className="btn btn-outline-primary" to={chatHref}>
              <i className="bi bi-chat-dots me-1" aria-hidden="true" />
              <FormattedMessage id="profile.chat" />
            </Link>
          </div>
        ) : null}
        {profile.aboutMe ? (
          <section className="mb-4">
            <h2 className="h5">
              <FormattedMessage id="profile.aboutMe" />
            </h2>
            <p style={{ whiteSpace: 'pre-wrap' }}>{profile.aboutMe}</p>
          </section>
        ) : null}
        {Object.keys(profile.fields).length ? (
          <section className="mb-4">
            <h2 className="h5">
              <FormattedMessage id="profile.details" />
            </h2>
            <dl className="row mb-0">
              {Object.entries(profile.fields).map(([k, v]) => (
                <div className="col-sm-6 d-flex gap-2" key={k}>
                  <dt className="fw-normal text-body-secondary">
                    <FormattedMessage id={`profileField.${k}`} />
                  </dt>
                  <dd className="mb-1">{typeof v === 'boolean' ? intl.formatMessage({ id: v ? 'common.yes' : 'common.no' }) : intl.formatMessage({ id: `profileValue.${k}.${v}` })}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
        {profile.interests.length ? (
          <section className="mb-4">
            <h2 className="h5">
              <FormattedMessage id="profile.interests" />
            </h2>
            <ul className="list-inline">
              {profile.interests.map((i) => (
                <li key={i.slug} className="list-inline-item badge text-bg-light border mb-1 fw-normal">
                  <i className={`bi bi-${i.icon} me-1`} aria-hidden="true" />
                  <FormattedMessage id={`interest.${i.slug}`} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <p className="small text-body-secondary">
          <FormattedMessage id="profile.lastActive" values={{ date: <FormattedDate value={profile.lastActiveAt} dateStyle="medium" /> }} />
        </p>
      </div>
    </article>
  )
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d || d.kind !== 'ok') return [pageTitle(matches, 'error.notFound')]
  const root = matches.find((m) => m?.id === 'root')?.data as { site?: { cdnPrefix: string; name: string } } | undefined
  const tags: Record<string, string>[] = [{ title: `${d.profile.name}, ${d.profile.age} | ${root?.site?.name ?? ''}` }, { property: 'og:title', content: d.profile.name }]
  // The share image is the main image only when it is active (spec section 3).
  if (d.profile.mainImage?.status === 'active') tags.push({ property: 'og:image', content: `${root?.site?.cdnPrefix ?? ''}/${d.profile.mainImage.match}` })
  return tags
}
