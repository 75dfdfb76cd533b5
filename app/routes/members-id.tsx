import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { data, Form, redirect, useNavigation } from 'react-router'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { markLikeSeen, submitLike, submitUnlike } from '#app/features/likes/likes.server'
import { submitBlock, submitUnblock } from '#app/features/safety/block.server'
import { submitProfileReport } from '#app/features/safety/report.server'
import { TooOftenAlert } from '#app/features/safety/components/too-often-alert'
import { isTooOften } from '#app/features/settings/write-limits.server'
import { reportReasons } from '#app/features/safety/safety.schema'
import { FictionalWarning } from '#app/features/profiles/components/fictional-badge'
import { ProfileActions, ProfileSections } from '#app/features/profiles/components/profile-sections'
import { loadProfilePage } from '#app/features/profiles/profile-page.server'
import { noteAbout, submitNote } from '#app/features/profiles/member-notes.server'
import { PrivateNote } from '#app/features/profiles/components/private-note'
import { getSettings } from '#app/features/settings/settings.server'
import { pageTitle } from '#app/i18n/meta'
import { idParam } from '#app/lib/http.server'
import { statusFor } from '#app/lib/refusals'
import { useRootData } from '#app/layouts/use-root-data'
import type { Route } from './+types/members-id'
import { PremiumBadge } from '#app/ui/top-nav'
import { readFormData } from '#app/lib/form-data.server'
import { Icon } from '#app/ui/icon'
import { ResultToast } from '#app/ui/result-toast'
import { tooOftenReply } from './write-limit.server'
import { useConfirm, useConfirmedSubmit } from '#app/ui/confirm-dialog'
import { regionNamesFor } from '#app/lib/intl-cache'

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idParam(params.id)
  const viewerId = context.viewer?.profileId ?? null
  const page = await loadProfilePage(viewerId, id)
  if (page.kind === 'not_found') throw data(null, { status: 404 })
  if (page.kind === 'blocked') return data(page, { status: 403 })
  if (viewerId === null || !page.relation) return { ...page, liked: false, conversationId: null, note: undefined }
  const { liked, conversationId, newLikeFromTarget } = page.relation
  // Opening a profile clears that member's new like (spec section 4).
  const [, settings] = await Promise.all([newLikeFromTarget ? markLikeSeen(viewerId, id) : null, getSettings()])
  // The viewer's private note about this member (undefined: notes are off, or it is the viewer's own profile).
  const note = settings.visible_profile_notes && viewerId !== id ? await noteAbout(viewerId, id) : undefined
  return { ...page, liked, conversationId, note }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request)
  const id = idParam(params.id)
  const form = await readFormData(request)
  const intent = form.get('intent')
  // Each write takes its own rate token in the feature (like, block, report); too_often stored nothing.
  if (intent === 'like') {
    const r = await submitLike(viewer.profileId, id)
    if (!r.ok && r.error === 'too_often') return tooOftenReply(r.retryAfter)
    if (!r.ok) return data({ error: r.error }, { status: statusFor('profile', r.error) })
    return { match: r.match }
  }
  if (intent === 'unlike') {
    const r = await submitUnlike(viewer.profileId, id)
    if (isTooOften(r)) return tooOftenReply(r.retryAfter)
    return { match: false }
  }
  if (intent === 'block') {
    const r = await submitBlock(viewer.profileId, id)
    if (isTooOften(r)) return tooOftenReply(r.retryAfter)
    if (!r) throw data(null, { status: statusFor('profile', 'not_found') })
    return { notice: 'profile.blocked' }
  }
  if (intent === 'unblock') {
    const r = await submitUnblock(viewer.profileId, id)
    if (isTooOften(r)) return tooOftenReply(r.retryAfter)
    return { notice: 'settings.unblocked' }
  }
  if (intent === 'note') {
    // "Delete note" sends the form with `delete`: an empty note, whatever the box holds.
    const text = form.get('delete') ? '' : String(form.get('note') ?? '')
    const r = await submitNote(viewer.profileId, id, text)
    if (isTooOften(r)) return tooOftenReply(r.retryAfter, { noteText: text })
    if (!r.ok && r.error === 'invalid') return data({ noteError: r.message, noteText: text }, { status: 400 })
    if (!r.ok) throw data(null, { status: statusFor('profile', r.error) })
    return { noteSaved: r.saved }
  }
  if (intent === 'report') {
    const r = await submitProfileReport(viewer.profileId, id, Object.fromEntries(form))
    if (r.ok) return { notice: 'report.thanks' }
    if (r.error === 'too_often') return tooOftenReply(r.retryAfter)
    if (r.error === 'invalid') return data({ reportError: r.message }, { status: 400 })
    throw data(null, { status: statusFor('profile', 'not_found') })
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
  const { profile, liked, isOwn, blocking } = loaderData
  const regionNames = regionNamesFor(intl.locale)
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  return (
    <article className="row g-4" aria-labelledby="profile-name">
      <div className="col-md-5">
        {profile.mainImage && profile.mainImage.status === 'active' ? (
          <img
            src={`${root.site.cdnPrefix}/${profile.mainImage.filename}`}
            alt={intl.formatMessage({ id: 'profile.photoOf' }, { name: profile.name })}
            className="img-fluid rounded shadow-sm w-100"
            width={600}
            height={600}
            fetchPriority="high"
          />
        ) : (
          <div className="ratio ratio-1x1 bg-body-secondary rounded d-flex align-items-center justify-content-center">
            <span className="d-flex align-items-center justify-content-center">
              <Icon name="person" className="fs-1 text-secondary" />
            </span>
          </div>
        )}
        <PhotoGallery profile={profile} isOwn={isOwn} premium={!!root.viewer?.paidUser} />
      </div>
      <div className="col-md-7">
        <h1 id="profile-name" className="h2">
          {profile.name}, {profile.age}
          {profile.premium || (isOwn && root.viewer?.paidUser) ? <PremiumBadge /> : null}
        </h1>
        <p className="text-body-secondary">
          <Icon name="geo-alt" className="me-1" />
          {[profile.city, profile.region, regionNames.of(profile.country)].filter(Boolean).join(', ')}
          {profile.distanceKm !== null ? (
            <span className="ms-2">
              · <FormattedMessage id="profile.distance" values={{ km: profile.distanceKm }} />
            </span>
          ) : null}
        </p>
        {profile.isFictional ? <FictionalWarning site={root.site} /> : null}
        {actionData && 'match' in actionData && actionData.match ? (
          <div className="alert alert-success" role="status">
            <FormattedMessage id="likes.itsAMatch" values={{ name: profile.name }} />
          </div>
        ) : null}
        {actionData && 'notice' in actionData && actionData.notice ? (
          <div className="alert alert-info" role="status">
            <FormattedMessage id={actionData.notice} values={{ name: profile.name }} />
          </div>
        ) : null}
        {/* Block and report sit at the page's end, far below that line on a phone: the result shows where the member is. */}
        <ResultToast result={actionData && 'notice' in actionData && actionData.notice ? actionData : null} testId="result-toast">
          {actionData && 'notice' in actionData && actionData.notice ? <FormattedMessage id={actionData.notice} values={{ name: profile.name }} /> : null}
        </ResultToast>
        {actionData && 'tooOften' in actionData ? <TooOftenAlert refusal={actionData.tooOften} /> : null}
        {actionData && 'error' in actionData ? (
          <div className="alert alert-danger" role="alert">
            <FormattedMessage id="error.generic" />
          </div>
        ) : null}
        {!isOwn ? <ProfileActions profile={profile} signedIn={!!root.viewer} liked={liked} busy={busy} /> : null}
        {loaderData.note !== undefined ? (
          <PrivateNote
            name={profile.name}
            note={loaderData.note}
            reply={
              actionData && 'noteSaved' in actionData
                ? { noteSaved: actionData.noteSaved }
                : actionData && 'noteError' in actionData
                  ? { noteError: actionData.noteError, noteText: actionData.noteText }
                  : actionData && 'noteText' in actionData
                    ? { noteText: String(actionData.noteText) }
                    : undefined
            }
          />
        ) : null}
        <ProfileSections profile={profile} />
        <p className="small text-body-secondary">
          <FormattedMessage id="profile.lastActive" values={{ date: <FormattedDate value={profile.lastActiveAt} dateStyle="medium" /> }} />
        </p>
        {root.viewer && !isOwn ? (
          <SafetyActions
            name={profile.name}
            blocking={blocking}
            imageIds={profile.images.map((i) => i.id)}
            reportError={actionData && 'reportError' in actionData ? actionData.reportError : undefined}
          />
        ) : null}
      </div>
    </article>
  )
}

/** Photos beyond the main one: Premium members and the owner get them, free members a blurred, locked copy. */
function PhotoGallery({ profile, isOwn, premium }: { profile: { name: string; images: { id: number; isMain: boolean }[] }; isOwn: boolean; premium: boolean }) {
  const intl = useIntl()
  const others = profile.images.filter((i) => !i.isMain)
  if (!others.length) return null
  const locked = !isOwn && !premium
  return (
    <section className="mt-3" aria-label={intl.formatMessage({ id: 'photos.gallery' })}>
      <ul className="list-unstyled d-grid gap-2" style={{ gridTemplateColumns: 'repeat(3, 1fr)' }}>
        {others.map((i) => (
          <li key={i.id} className="position-relative">
            <img
              src={`/photo/${i.id}/match`}
              alt={intl.formatMessage({ id: 'profile.photoOf' }, { name: profile.name })}
              className="img-fluid rounded"
              width={400}
              height={400}
              loading="lazy"
              data-testid={locked ? 'locked-photo' : 'photo'}
            />
            {locked ? (
              <div
                className="position-absolute top-0 start-0 w-100 h-100 d-flex flex-column align-items-center justify-content-center text-white text-center small p-1 rounded"
                style={{ background: 'rgba(0,0,0,.45)' }}
              >
                <Icon name="lock-fill" className="fs-4" />
                <FormattedMessage id="photos.locked" />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

function SafetyActions({ name, blocking, imageIds, reportError }: { name: string; blocking: boolean; imageIds: number[]; reportError?: string }) {
  const intl = useIntl()
  const { ask, dialog } = useConfirm()
  const confirmedSubmit = useConfirmedSubmit(ask)
  return (
    <div className="border-top pt-3 mt-3 d-flex flex-wrap gap-2 align-items-start">
      {dialog}
      <Form
        method="post"
        onSubmit={
          blocking ? undefined : confirmedSubmit(intl.formatMessage({ id: 'profile.confirmBlock' }, { name }), intl.formatMessage({ id: 'profile.block' }))
        }
      >
        <input type="hidden" name="intent" value={blocking ? 'unblock' : 'block'} />
        <button type="submit" className="btn btn-sm btn-outline-dark">
          <Icon name="slash-circle" className="me-1" />
          <FormattedMessage id={blocking ? 'profile.unblock' : 'profile.block'} />
        </button>
      </Form>
      <details className="flex-grow-1" open={!!reportError}>
        <summary className="btn btn-sm btn-outline-dark">
          <Icon name="flag" className="me-1" />
          <FormattedMessage id="profile.report" />
        </summary>
        <Form method="post" className="mt-2 border rounded p-2">
          <input type="hidden" name="intent" value="report" />
          <h2 className="h6">
            <FormattedMessage id="report.title" values={{ name }} />
          </h2>
          {imageIds.length ? (
            <>
              <label htmlFor="report-subject" className="form-label">
                <FormattedMessage id="report.subject" />
              </label>
              <select id="report-subject" name="imageId" className="form-select mb-2" defaultValue="">
                <option value="">{intl.formatMessage({ id: 'report.subjectProfile' })}</option>
                {imageIds.map((id, i) => (
                  <option key={id} value={id}>
                    {intl.formatMessage({ id: 'report.subjectPhoto' }, { n: i + 1 })}
                  </option>
                ))}
              </select>
            </>
          ) : null}
          <label htmlFor="report-reason" className="form-label">
            <FormattedMessage id="report.reason" />
          </label>
          <select id="report-reason" name="reason" className={`form-select mb-2${reportError ? ' is-invalid' : ''}`} required defaultValue="">
            <option value="" disabled>
              {intl.formatMessage({ id: 'report.reason' })}
            </option>
            {reportReasons.map((r) => (
              <option key={r} value={r}>
                {intl.formatMessage({ id: `report.reason.${r}` })}
              </option>
            ))}
          </select>
          {reportError ? <div className="invalid-feedback d-block">{intl.formatMessage({ id: reportError })}</div> : null}
          <label htmlFor="report-details" className="form-label">
            <FormattedMessage id="report.details" />
          </label>
          <textarea id="report-details" name="details" className="form-control mb-2" rows={3} maxLength={1000} />
          <button type="submit" className="btn btn-sm btn-primary">
            <FormattedMessage id="report.submit" />
          </button>
        </Form>
      </details>
    </div>
  )
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d || d.kind !== 'ok') return [pageTitle(matches, 'error.notFound')]
  const root = matches.find((m) => m?.id === 'root')?.data as { site?: { name: string } } | undefined
  // No Open Graph tags here: spec section 3 lets an 'active' main image be the share image, but member profiles
  // are never indexed nor previewed (privacy wins; the root Layout adds noindex, see docs/decisions/015-seo.md).
  return [{ title: `${d.profile.name}, ${d.profile.age} | ${root?.site?.name ?? ''}` }]
}
