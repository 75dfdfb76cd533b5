import { FormattedMessage, useIntl } from 'react-intl'
import { data, Form, Link, redirect, useSearchParams } from 'react-router'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { listInterests } from '#app/features/content/interests.server'
import { PhotoManager } from '#app/features/photos/components/photo-manager'
import { listOwnPhotos, photoLimit } from '#app/features/photos/photos.server'
import { getOwnProfile } from '#app/features/profiles/update-profile.server'
import { SignupStepForm } from '#app/features/profiles/components/signup-step-form'
import { completeSignupSteps, nextStep, type CompleteSignupStep } from '#app/features/profiles/complete-signup'
import { submitSignupStep } from '#app/features/profiles/complete-signup.server'
import { submitPhotoChange } from '#app/features/photos/submit-photo.server'
import { PushStep } from '#app/features/notifications/components/push-step'
import { getSettings } from '#app/features/settings/settings.server'
import { pageTitle } from '#app/i18n/meta'
import type { Route } from './+types/complete-signup'
import { readFormData } from '#app/lib/form-data.server'
import { TooOftenAlert } from '#app/features/safety/components/too-often-alert'
import { isTooOften } from '#app/features/settings/write-limits.server'
import { tooOftenReply } from './write-limit.server'
import { notAnId } from '#app/lib/http.server'
import { formFields } from '#app/lib/form-fields'
import { Icon } from '#app/ui/icon'
import { useRootData } from '#app/layouts/use-root-data'

/**
 * The remaining signup steps (spec section 2): photo, profile info, about me, notifications, confirm e-mail. Each
 * step saves on its own, so the member can leave and come back to the step in the address. Every step has the site's
 * logo on top and the same buttons in the same places: Back on the left, the way on (Next, or Finish) on the right,
 * with Skip beside it where a step has a form that Next would save.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const url = new URL(request.url)
  const step = (completeSignupSteps as readonly string[]).includes(url.searchParams.get('step') ?? '')
    ? (url.searchParams.get('step') as CompleteSignupStep)
    : completeSignupSteps[0]
  const [profile, photos, limit, interests, settings] = await Promise.all([
    getOwnProfile(viewer.profileId),
    listOwnPhotos(viewer.profileId),
    photoLimit(viewer.paidUser),
    listInterests(),
    getSettings(),
  ])
  return {
    step,
    profile: profile!,
    photos,
    limit,
    interests,
    email: viewer.email,
    confirmed: viewer.status !== 'not_confirmed',
    pushKey: settings.push_public_key,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request)
  const form = await readFormData(request)
  const intent = form.get('intent')
  if (intent === 'main' || intent === 'delete') {
    const r = await submitPhotoChange(viewer.profileId, intent, form.get('imageId'))
    if (isTooOften(r)) return tooOftenReply(r.retryAfter)
    if (!r.ok) throw notAnId()
    return null
  }
  const r = await submitSignupStep(viewer.profileId, formFields(form))
  if (isTooOften(r)) return tooOftenReply(r.retryAfter)
  // A step that does not pass stays, with its errors and what was typed (400); nothing of it was saved.
  if (!r.ok) return data({ invalid: { errors: r.errors, values: r.values } }, { status: 400 })
  // A saved step goes on to the next; any other post stays on the step.
  if (r.next !== undefined) throw redirect(r.next ? `/complete-signup?step=${r.next}` : '/members')
  return null
}

export default function CompleteSignup({ loaderData, actionData }: Route.ComponentProps) {
  const intl = useIntl()
  const { step, profile } = loaderData
  const root = useRootData()
  const [searchParams] = useSearchParams()
  const index = completeSignupSteps.indexOf(step)
  const next = nextStep(step)
  const skipHref = next ? `/complete-signup?step=${next}` : '/members'
  const invalid = actionData && 'invalid' in actionData ? actionData.invalid : undefined
  const formStep = step === 'profile' || step === 'about'
  return (
    <div className="row justify-content-center">
      <div className="col-lg-8">
        <p className="fw-bold text-primary fs-4 mb-3" data-testid="signup-logo">
          <Icon name="heart-fill" className="me-1" />
          {root.site.name}
        </p>
        <p className="text-body-secondary mb-1">
          <FormattedMessage id="completeSignup.progress" values={{ step: index + 1, steps: completeSignupSteps.length }} />
        </p>
        <div
          className="progress mb-4"
          role="progressbar"
          aria-label={intl.formatMessage({ id: 'completeSignup.progressLabel' })}
          aria-valuenow={index + 1}
          aria-valuemin={1}
          aria-valuemax={completeSignupSteps.length}
        >
          <div className="progress-bar" style={{ width: `${((index + 1) / completeSignupSteps.length) * 100}%` }} />
        </div>
        <h1 className="h3 mb-3">
          <FormattedMessage id={`completeSignup.${step}.title`} />
        </h1>
        <p>
          <FormattedMessage id={`completeSignup.${step}.text`} values={{ email: loaderData.email }} />
        </p>
        {actionData && 'tooOften' in actionData ? <TooOftenAlert refusal={actionData.tooOften} /> : null}
        {/* Set by a member's signup page (app/routes/signup-action.server.ts) when the first message was refused. */}
        {searchParams.get('first_message') === 'unsent' ? (
          <div className="alert alert-warning" role="status" data-testid="first-message-unsent">
            <FormattedMessage id="signup.firstMessageUnsent" />
          </div>
        ) : null}
        {invalid ? (
          <div className="alert alert-danger" role="alert" data-testid="step-invalid">
            <FormattedMessage id="completeSignup.invalid" />
          </div>
        ) : null}
        {step === 'push' ? <PushStep publicKey={loaderData.pushKey} /> : null}
        {step === 'photo' ? <PhotoManager photos={loaderData.photos} limit={loaderData.limit} /> : null}
        {formStep ? <SignupStepForm step={step} profile={profile} interests={loaderData.interests} invalid={invalid} /> : null}
        {step === 'confirm' ? (
          loaderData.confirmed ? (
            <div className="alert alert-success" role="status">
              <FormattedMessage id="activate.doneText" />
            </div>
          ) : (
            <Form method="post" action="/activate/resend">
              <input type="hidden" name="redirectTo" value="/complete-signup?step=confirm" />
              <button type="submit" className="btn btn-outline-primary">
                <FormattedMessage id="activate.resend" />
              </button>
            </Form>
          )
        ) : null}
        <div className="d-flex justify-content-between align-items-center gap-2 mt-4" data-testid="step-buttons">
          {index > 0 ? (
            <Link to={`/complete-signup?step=${completeSignupSteps[index - 1]}`} className="btn btn-link">
              <FormattedMessage id="completeSignup.back" />
            </Link>
          ) : (
            <span />
          )}
          <div className="d-flex gap-2">
            {formStep ? (
              <>
                <Link to={skipHref} className="btn btn-outline-dark">
                  <FormattedMessage id="completeSignup.skip" />
                </Link>
                <button type="submit" form="complete-signup-form" className="btn btn-primary">
                  <FormattedMessage id="completeSignup.next" />
                </button>
              </>
            ) : (
              <Link to={skipHref} className="btn btn-primary">
                <FormattedMessage id={next ? 'completeSignup.next' : 'completeSignup.finish'} />
              </Link>
            )}
          </div>
        </div>
      </div>
    </div>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'completeSignup.title')]
}
