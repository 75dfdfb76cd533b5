import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { FormattedMessage, useIntl } from 'react-intl'
import { data, Form, redirect, useNavigation } from 'react-router'
import { FictionalEditIntro, FictionalPhotosCard, FictionalStatusCard } from '#app/features/console/fictional/components/fictional-side'
import { AboutField, CountryOptions, FictionalSubmit, ValueOptions } from '#app/features/console/fictional/components/fictional-form-parts'
import { fictionalProfileSchema } from '#app/features/console/fictional/fictional.schema'
import {
  addFictionalPhoto,
  createFictional,
  fictionalById,
  fictionalPhotos,
  setFictionalStatus,
  updateFictional,
} from '#app/features/console/fictional/fictional-profiles.server'
import { requireOperator } from '#app/routes/-helpers/require-operator.server'
import { ImageRejectedError } from '#app/features/photos/process-image.server'
import { bodyTypes, genders, sexualities } from '#app/features/profiles/profile-values'
import { getSettings } from '#app/features/settings/settings.server'
import { pageTitle } from '#app/i18n/meta'
import { readFormData } from '#app/lib/form-data.server'
import { FormErrors } from '#app/ui/form-errors'
import { FormField, SelectField } from '#app/ui/form-field'
import type { Route } from './+types/fictional-edit'

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireOperator(request, 'fictional.manage')
  const id = profileId(params)
  const settings = await getSettings()
  if (id === null) return { profile: null, photos: [], countries: settings.countries }
  const profile = await fictionalById(id)
  if (!profile) throw new Response('Not Found', { status: 404 })
  return {
    profile: {
      id: profile.id,
      name: profile.name,
      gender: profile.gender,
      sexuality: profile.sexuality,
      birthDate: profile.birthDate,
      country: profile.country,
      region: profile.region ?? '',
      bodyType: profile.bodyType ?? '',
      aboutMe: profile.aboutMe ?? '',
      status: profile.status,
    },
    photos: await fictionalPhotos(id),
    countries: settings.countries,
  }
}

function profileId(params: { id?: string }): number | null {
  if (params.id === undefined) return null
  const id = Number(params.id)
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response('Not Found', { status: 404 })
  return id
}

export async function action({ request, params }: Route.ActionArgs) {
  const operator = await requireOperator(request, 'fictional.manage')
  const id = profileId(params)
  const form = await readFormData(request)
  const intent = String(form.get('intent') ?? 'save')
  if (id !== null && !(await fictionalById(id))) throw new Response('Not Found', { status: 404 })
  if (intent === 'status' && id !== null) {
    const reason = String(form.get('reason') ?? '').trim()
    if (reason.length < 3 || reason.length > 500)
      return data({ result: null, statusError: 'admin.reasonRequired', photoError: null, saved: false }, { status: 400 })
    await setFictionalStatus(id, form.get('status') === 'active' ? 'active' : 'disabled', reason, operator)
    return { result: null, statusError: null, photoError: null, saved: true }
  }
  if (intent === 'photo' && id !== null) {
    const file = form.get('photo')
    if (!file || typeof file === 'string' || file.size === 0)
      return data({ result: null, statusError: null, photoError: 'photos.error.not_image', saved: false }, { status: 400 })
    try {
      const r = await addFictionalPhoto(id, Buffer.from(await file.arrayBuffer()), operator)
      if (!r.ok) return data({ result: null, statusError: null, photoError: 'photos.error.limit_reached', saved: false }, { status: 409 })
    } catch (e) {
      if (e instanceof ImageRejectedError) return data({ result: null, statusError: null, photoError: `photos.error.${e.code}`, saved: false }, { status: 422 })
      throw e
    }
    return { result: null, statusError: null, photoError: null, saved: true }
  }
  const submission = parseWithZod(form, { schema: fictionalProfileSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), statusError: null, photoError: null, saved: false }, { status: 400 })
  if (id === null) {
    const created = await createFictional(submission.value, operator)
    throw redirect(`/admin/fictional/${created}`)
  }
  await updateFictional(id, submission.value, operator)
  return { result: submission.reply({ resetForm: false }), statusError: null, photoError: null, saved: true }
}

/** Create or edit a fictional profile. The disclosure is not a choice: every fictional profile shows it. */
export default function AdminFictionalEdit({ loaderData, actionData }: Route.ComponentProps) {
  const intl = useIntl()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const p = loaderData.profile
  const [form, fields] = useForm({
    lastResult: actionData?.result ?? undefined,
    defaultValue: p ? { ...p, reason: '' } : { country: loaderData.countries[0], gender: 'female', sexuality: 'hetero', reason: '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: fictionalProfileSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  return (
    <>
      <FictionalEditIntro name={p ? p.name : null} saved={!!actionData?.saved} />
      <div className="row g-4">
        <div className="col-lg-7">
          <Form method="post" {...getFormProps(form)} noValidate>
            <input type="hidden" name="intent" value="save" />
            <FormErrors errors={form.errors} id={form.errorId} />
            <FormField
              label={<FormattedMessage id="field.name" />}
              errors={fields.name.errors}
              {...getInputProps(fields.name, { type: 'text' })}
              id="fictional-name"
            />
            <div className="row">
              <div className="col-sm-4">
                <SelectField
                  label={<FormattedMessage id="profileField.gender" />}
                  errors={fields.gender.errors}
                  {...getSelectProps(fields.gender)}
                  id="fictional-gender"
                >
                  <ValueOptions values={genders} prefix="profileValue.gender" />
                </SelectField>
              </div>
              <div className="col-sm-4">
                <SelectField
                  label={<FormattedMessage id="profileField.sexuality" />}
                  errors={fields.sexuality.errors}
                  {...getSelectProps(fields.sexuality)}
                  id="fictional-sexuality"
                >
                  <ValueOptions values={sexualities} prefix="profileValue.sexuality" />
                </SelectField>
              </div>
              <div className="col-sm-4">
                <SelectField
                  label={<FormattedMessage id="profileField.body_type" />}
                  errors={fields.bodyType.errors}
                  {...getSelectProps(fields.bodyType)}
                  id="fictional-body"
                >
                  <option value="">{intl.formatMessage({ id: 'admin.fictional.notSet' })}</option>
                  <ValueOptions values={bodyTypes} prefix="profileValue.body_type" />
                </SelectField>
              </div>
            </div>
            <div className="row">
              <div className="col-sm-4">
                <FormField
                  label={<FormattedMessage id="field.dateOfBirth" />}
                  errors={fields.birthDate.errors}
                  {...getInputProps(fields.birthDate, { type: 'date' })}
                  id="fictional-dob"
                />
              </div>
              <div className="col-sm-4">
                <SelectField
                  label={<FormattedMessage id="field.country" />}
                  errors={fields.country.errors}
                  {...getSelectProps(fields.country)}
                  id="fictional-country"
                >
                  <CountryOptions countries={loaderData.countries} />
                </SelectField>
              </div>
              <div className="col-sm-4">
                <FormField
                  label={<FormattedMessage id="field.region" />}
                  errors={fields.region.errors}
                  {...getInputProps(fields.region, { type: 'text' })}
                  id="fictional-region"
                />
              </div>
            </div>
            <AboutField {...getTextareaProps(fields.aboutMe)} />
            <FormField
              label={<FormattedMessage id="admin.reason" />}
              errors={fields.reason.errors}
              {...getInputProps(fields.reason, { type: 'text' })}
              id="fictional-reason"
              help={<FormattedMessage id="admin.reasonHelp" />}
            />
            <FictionalSubmit busy={busy} create={!p} />
          </Form>
        </div>
        {p ? (
          <div className="col-lg-5">
            <FictionalStatusCard status={p.status} error={actionData?.statusError} />
            <FictionalPhotosCard photos={loaderData.photos} error={actionData?.photoError} />
          </div>
        ) : null}
      </div>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [pageTitle(matches, 'admin.fictional.title')]
