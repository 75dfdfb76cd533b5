import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { FormattedMessage } from 'react-intl'
import { data, Form, useNavigation } from 'react-router'
import { requireViewer } from '#app/routes/-helpers/require-viewer.server'
import { PhotoManager } from '#app/features/photos/components/photo-manager'
import { listOwnPhotos, photoLimit } from '#app/features/photos/photos.server'
import { submitPhotoChange, submitPhotoUpload } from '#app/features/photos/submit-photo.server'
import { photoErrorValues } from '#app/features/photos/photo-rules'
import {
  AboutMeField,
  ProfileBasicsFields,
  ProfileEditHeader,
  ProfileLocationFields,
  TattoosSelect,
} from '#app/features/profiles/components/profile-edit-fields'
import { InterestPicker } from '#app/features/profiles/components/interest-picker'
import { ProfileValueOptions } from '#app/features/profiles/components/profile-value-options'
import { LocationButton } from '#app/features/profiles/components/location-button'
import { profileEditSchema } from '#app/features/profiles/profile-edit.schema'
import { getOwnProfile } from '#app/features/profiles/update-profile.server'
import { profileFormOptions, submitProfileEdit } from '#app/features/profiles/profile-edit.server'
import { bodyTypes, eyeColors, hairColors, relationshipStatuses } from '#app/features/profiles/profile-values'
import { pageTitle } from '#app/i18n/meta'
import { FormField, SelectField } from '#app/ui/form-field'
import { useRootData } from '#app/layouts/use-root-data'
import type { Route } from './+types/profile'
import { dateFromParts, readFormData } from '#app/lib/form-data.server'
import { TooOftenAlert } from '#app/features/safety/components/too-often-alert'
import { isTooOften } from '#app/features/settings/write-limits.server'
import { tooOftenReply } from './write-limit.server'
import { notAnId } from '#app/lib/http.server'
import { formFields } from '#app/lib/form-fields'
import { ResultToast } from '#app/ui/result-toast'

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request)
  const [profile, photos, limit, opts] = await Promise.all([
    getOwnProfile(viewer.profileId),
    listOwnPhotos(viewer.profileId),
    photoLimit(viewer.paidUser),
    profileFormOptions(),
  ])
  if (!profile) throw data(null, { status: 404 })
  return { profile, photos, limit, countries: opts.countries, minAge: opts.minAge, interests: opts.interests, profileId: viewer.profileId }
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(context, request)
  // The date of birth comes as three choices; without JavaScript the server puts the date together.
  const form = dateFromParts(await readFormData(request), 'date_of_birth')
  const intent = form.get('intent')
  // Uploads count per file (an upload token each); every other post of this page is a profile edit.
  if (intent === 'upload') return uploadAction(viewer, form)
  if (intent === 'main' || intent === 'delete') {
    const r = await submitPhotoChange(viewer.profileId, intent, form.get('imageId'))
    if (isTooOften(r)) return tooOftenReply(r.retryAfter)
    if (!r.ok) throw notAnId()
    if (intent === 'main') return { notice: r.changed ? 'photos.mainChanged' : undefined }
    if (!r.changed) throw data(null, { status: 404 })
    return { notice: 'photos.deleted' }
  }
  const r = await submitProfileEdit(viewer.profileId, formFields(form))
  if (isTooOften(r)) return tooOftenReply(r.retryAfter)
  if (!r.ok) return data({ result: r.reply }, { status: 400 })
  return { result: r.reply, saved: true }
}

/** The form path for browsers without JavaScript; with it, uploads go to /api/photos.php with progress. */
async function uploadAction(viewer: { profileId: number; paidUser: boolean }, form: FormData) {
  for (const file of form.getAll('photo')) {
    // A part without a name and bytes is the empty file field; an empty file that has a name is refused below.
    if (typeof file === 'string' || (file.size === 0 && !file.name)) continue
    const r = await submitPhotoUpload(viewer, async () => Buffer.from(await file.arrayBuffer()))
    if (isTooOften(r)) return tooOftenReply(r.retryAfter)
    if (r.ok) continue
    if (r.error === 'limit_reached') return data({ photoError: 'photos.error.limit_reached', limit: r.limit }, { status: 409 })
    return data({ photoError: `photos.error.${r.code}`, limit: 0 }, { status: 422 })
  }
  return { notice: 'photos.uploaded' }
}

export default function ProfileEdit({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const { profile } = loaderData
  const schema = profileEditSchema({ minAge: loaderData.minAge, countries: loaderData.countries, interestIds: loaderData.interests.map((i) => i.id) })
  const [form, fields] = useForm({
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    defaultValue: { ...profile, interests: profile.interests.map(String) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'profile'
  const notice = actionData && 'notice' in actionData ? actionData.notice : undefined
  const photoError = actionData && 'photoError' in actionData ? actionData : undefined
  const select = (name: 'hair_color' | 'eye_color' | 'body_type' | 'relationship_status', values: readonly string[]) => (
    <div className="col-sm-6">
      <SelectField
        label={<FormattedMessage id={`profileField.${name}`} />}
        errors={fields[name].errors}
        {...getSelectProps(fields[name])}
        id={`profile-${name}`}
      >
        <ProfileValueOptions field={name} values={values} />
      </SelectField>
    </div>
  )
  const root = useRootData()
  return (
    <>
      <ProfileEditHeader premium={!!root.viewer?.paidUser} profileId={loaderData.profileId} />
      <PhotoManager photos={loaderData.photos} limit={loaderData.limit} notice={notice} />
      {photoError ? (
        <div className="alert alert-danger" role="alert">
          <FormattedMessage id={photoError.photoError} values={{ ...photoErrorValues, limit: photoError.limit }} />
        </div>
      ) : null}
      {actionData && 'tooOften' in actionData ? <TooOftenAlert refusal={actionData.tooOften} /> : null}
      <section aria-labelledby="info-title">
        <h2 id="info-title" className="h5">
          <FormattedMessage id="profile.info" />
        </h2>
        {actionData && 'saved' in actionData ? (
          <div className="alert alert-success" role="status">
            <FormattedMessage id="profile.saved" />
          </div>
        ) : null}
        {/* The Save button is at the form's end, far below that line on a phone: the result shows where the member is. */}
        <ResultToast result={actionData && 'saved' in actionData ? actionData : null} testId="result-toast">
          <FormattedMessage id="profile.saved" />
        </ResultToast>
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="profile" />
          <ProfileBasicsFields
            name={{ errors: fields.name.errors, ...getInputProps(fields.name, { type: 'text' }) }}
            dateOfBirth={{ errors: fields.date_of_birth.errors, ...getInputProps(fields.date_of_birth, { type: 'date' }) }}
            gender={{ errors: fields.gender.errors, ...getSelectProps(fields.gender) }}
            sexuality={{ errors: fields.sexuality.errors, ...getSelectProps(fields.sexuality) }}
            minAge={loaderData.minAge}
          />
          <h3 className="h6 mt-2">
            <FormattedMessage id="profile.location" />
          </h3>
          <LocationButton
            onPlace={(p) => {
              form.update({ name: fields.country.name, value: p.country })
              form.update({ name: fields.region.name, value: p.region ?? '' })
              form.update({ name: fields.city.name, value: p.city })
            }}
          />
          <ProfileLocationFields
            countries={loaderData.countries}
            country={{ errors: fields.country.errors, ...getSelectProps(fields.country) }}
            region={{ errors: fields.region.errors, ...getInputProps(fields.region, { type: 'text' }) }}
            city={{ errors: fields.city.errors, ...getInputProps(fields.city, { type: 'text' }) }}
          />
          <div className="row">
            {select('hair_color', hairColors)}
            {select('eye_color', eyeColors)}
            {select('body_type', bodyTypes)}
            {select('relationship_status', relationshipStatuses)}
            <div className="col-sm-6">
              <TattoosSelect errors={fields.tattoos.errors} {...getSelectProps(fields.tattoos)} />
            </div>
            <div className="col-sm-6">
              <FormField
                label={<FormattedMessage id="profileField.signup_reason" />}
                errors={fields.signup_reason.errors}
                {...getInputProps(fields.signup_reason, { type: 'text' })}
                id="profile-reason"
                maxLength={200}
              />
            </div>
          </div>
          <AboutMeField invalid={!!fields.about_me.errors} {...getTextareaProps(fields.about_me)} />
          <InterestPicker interests={loaderData.interests} selected={profile.interests} idPrefix="interest" errors={fields.interests.errors} />
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
            <FormattedMessage id="profile.save" />
          </button>
        </Form>
      </section>
    </>
  )
}

export function meta({ matches }: Route.MetaArgs) {
  return [pageTitle(matches, 'profile.editTitle')]
}
