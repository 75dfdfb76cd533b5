import { FormattedMessage } from 'react-intl'
import { Form } from 'react-router'
import type { IconName } from '#app/ui/icon-names'
import type { OwnProfile } from '#app/features/profiles/update-profile.server'
import { bodyTypes, eyeColors, hairColors, relationshipStatuses } from '#app/features/profiles/profile-values'
import type { CompleteSignupStep } from '#app/features/profiles/complete-signup'
import { InterestPicker } from './interest-picker'
import { ProfileValueOptions } from './profile-value-options'

/** A step that did not pass (app/features/profiles/complete-signup.server.ts): each field's error and what was posted. */
export type InvalidStep = { errors: Record<string, string>; values: Record<string, string | string[]> }

/**
 * The form of the profile and about-me steps of /complete-signup (its buttons are the page's, outside the form, by
 * its id). A step sent back with errors shows them at their fields and keeps what was typed.
 */
export function SignupStepForm({
  step,
  profile,
  interests,
  invalid,
}: {
  step: CompleteSignupStep
  profile: OwnProfile
  interests: { id: number; slug: string; icon: IconName }[]
  invalid?: InvalidStep
}) {
  // What the member posted wins over what is stored, so an error keeps what they typed.
  const posted = (name: string, stored: string) => {
    const v = invalid?.values[name]
    return typeof v === 'string' ? v : stored
  }
  const fieldError = (name: string) =>
    invalid?.errors[name] ? (
      <div className="invalid-feedback d-block" id={`cs-${name}-error`}>
        <FormattedMessage id={invalid.errors[name]} />
      </div>
    ) : null
  const errorProps = (name: string) => (invalid?.errors[name] ? { 'aria-invalid': true, 'aria-describedby': `cs-${name}-error` } : {})
  const select = (name: 'hair_color' | 'eye_color' | 'body_type' | 'relationship_status', values: readonly string[]) => (
    <div className="col-sm-6 mb-3">
      <label htmlFor={`cs-${name}`} className="form-label">
        <FormattedMessage id={`profileField.${name}`} />
      </label>
      <select
        id={`cs-${name}`}
        name={name}
        className={`form-select${invalid?.errors[name] ? ' is-invalid' : ''}`}
        defaultValue={posted(name, profile[name])}
        {...errorProps(name)}
      >
        <ProfileValueOptions field={name} values={values} />
      </select>
      {fieldError(name)}
    </div>
  )
  return (
    <Form method="post" id="complete-signup-form">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="step" value={step} />
      {step === 'profile' ? (
        <div className="row">
          {select('hair_color', hairColors)}
          {select('eye_color', eyeColors)}
          {select('body_type', bodyTypes)}
          {select('relationship_status', relationshipStatuses)}
          <div className="col-sm-6 mb-3">
            <label htmlFor="cs-city" className="form-label">
              <FormattedMessage id="field.city" />
            </label>
            <input
              id="cs-city"
              name="city"
              className={`form-control${invalid?.errors.city ? ' is-invalid' : ''}`}
              defaultValue={posted('city', profile.city)}
              maxLength={80}
              {...errorProps('city')}
            />
            {fieldError('city')}
          </div>
        </div>
      ) : (
        <>
          <div className="mb-3">
            <label htmlFor="cs-about" className="form-label">
              <FormattedMessage id="profile.aboutMe" />
            </label>
            <textarea
              id="cs-about"
              name="about_me"
              className={`form-control${invalid?.errors.about_me ? ' is-invalid' : ''}`}
              rows={5}
              maxLength={2000}
              defaultValue={posted('about_me', profile.about_me)}
              {...errorProps('about_me')}
            />
            {fieldError('about_me')}
          </div>
          <InterestPicker
            interests={interests}
            selected={Array.isArray(invalid?.values.interests) ? invalid.values.interests.map(Number).filter(Number.isInteger) : profile.interests}
            idPrefix="cs-interest"
          />
          {fieldError('interests')}
        </>
      )}
    </Form>
  )
}
