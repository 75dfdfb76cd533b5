import { useState, type ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { FieldErrors } from './form-field'
import { datePartOrder, isoFromParts, monthNames, partsOfIso, type DatePart } from '#app/lib/date-parts'

/**
 * A date of birth as three choices (day, month, year) in the order and with the month names of the member's language
 * (issue 27; a date input shows the browser's own format, mm/dd/yyyy in an English browser whatever the page's
 * language). The choices post as `{name}_day`, `_month`, `_year`; a hidden `{name}` carries the ISO date they make,
 * kept current as they change. Without JavaScript the server puts the date together from the parts
 * (app/lib/form-data.server.ts `dateFromParts`).
 */
export function DateOfBirthField({
  id,
  name,
  label,
  errors,
  errorValues,
  defaultValue,
}: {
  id: string
  name: string
  label: ReactNode
  errors?: string[]
  errorValues?: Record<string, string | number>
  defaultValue?: string
}) {
  const intl = useIntl()
  // Held by React: a hidden input's value is its attribute, which React would put back to the default on a render.
  const [iso, setIso] = useState(defaultValue ?? '')
  const chosen = partsOfIso(defaultValue)
  const has = !!errors?.length
  const errorId = `${id}-error`
  // Every year back to 120, this one first: the age rule is the server's (and its error says the minimum).
  const newest = new Date().getFullYear()
  const options: Record<DatePart, { value: string; label: string }[]> = {
    day: Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
    month: monthNames(intl.locale).map((label, i) => ({ value: String(i + 1), label })),
    year: Array.from({ length: 121 }, (_, i) => ({ value: String(newest - i), label: String(newest - i) })),
  }
  const partLabel: Record<DatePart, string> = {
    day: intl.formatMessage({ id: 'field.day' }),
    month: intl.formatMessage({ id: 'field.month' }),
    year: intl.formatMessage({ id: 'field.year' }),
  }
  const update = (group: HTMLElement) => {
    const value = (part: DatePart) => (group.querySelector(`select[name="${name}_${part}"]`) as HTMLSelectElement | null)?.value ?? ''
    setIso(isoFromParts(value('day'), value('month'), value('year')))
  }
  return (
    <div className="mb-3">
      <div id={`${id}-label`} className="form-label">
        {label}
      </div>
      <div className="d-flex gap-2" role="group" aria-labelledby={`${id}-label`} onChange={(e) => update(e.currentTarget)}>
        {datePartOrder(intl.locale).map((part) => (
          <select
            key={part}
            id={`${id}-${part}`}
            name={`${name}_${part}`}
            className={`form-select${has ? ' is-invalid' : ''}`}
            aria-label={partLabel[part]}
            aria-invalid={has || undefined}
            aria-describedby={has ? errorId : undefined}
            autoComplete={part === 'day' ? 'bday-day' : part === 'month' ? 'bday-month' : 'bday-year'}
            defaultValue={chosen[part]}
          >
            <option value="">{partLabel[part]}</option>
            {options[part].map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ))}
      </div>
      <input type="hidden" name={name} value={iso} />
      <FieldErrors id={errorId} errors={errors} values={errorValues} />
    </div>
  )
}
