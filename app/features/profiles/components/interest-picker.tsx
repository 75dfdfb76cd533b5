import { FormattedMessage, useIntl } from 'react-intl'
import { Icon } from '#app/ui/icon'
import type { IconName } from '#app/ui/icon-names'

/** The interests as toggle buttons (checkboxes named `interests`), with their icons. */
export function InterestPicker({
  interests,
  selected,
  idPrefix,
  errors,
}: {
  interests: { id: number; slug: string; icon: IconName }[]
  selected: number[]
  idPrefix: string
  errors?: string[]
}) {
  const intl = useIntl()
  return (
    <fieldset className="mb-3">
      <legend className="h6">
        <FormattedMessage id="profile.interests" />
      </legend>
      <div className="d-flex flex-wrap gap-2">
        {interests.map((i) => (
          <div key={i.id}>
            <input type="checkbox" className="btn-check" id={`${idPrefix}-${i.id}`} name="interests" value={i.id} defaultChecked={selected.includes(i.id)} />
            <label className="btn btn-sm btn-outline-dark" htmlFor={`${idPrefix}-${i.id}`}>
              <Icon name={i.icon} className="me-1" />
              <FormattedMessage id={`interest.${i.slug}`} />
            </label>
          </div>
        ))}
      </div>
      {errors?.length ? <div className="text-danger small mt-1">{errors.map((e) => intl.formatMessage({ id: e })).join(' ')}</div> : null}
    </fieldset>
  )
}
