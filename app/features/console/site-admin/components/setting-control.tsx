import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { iconNames } from '#app/ui/icon-names'
import { editableSettings, errorValues, type EditableKey, type FieldControl, type RawValue } from '../setting-fields'

/** What every kind's control gets: the setting, its ids and field name, its label, and its error if any. */
interface ControlProps<F extends FieldControl = FieldControl> {
  name: EditableKey
  f: F
  value: RawValue
  error?: string
  id: string
  field: string
  label: string
  /** ' is-invalid' when the setting has an error, for the inputs' class. */
  invalid: string
  described: string | undefined
  errorText: ReactNode
}

type Kind<K extends FieldControl['kind']> = Extract<FieldControl, { kind: K }>

/** One setting of the editor: its label, the control its kind needs, and its error (ids from the schema). */
export function SettingControl({ name, value, error }: { name: EditableKey; value: RawValue; error?: string }) {
  const intl = useIntl()
  const f: FieldControl = editableSettings[name]
  const id = `setting-${name}`
  const errorId = `${id}-error`
  const common = {
    name,
    value,
    error,
    id,
    field: `s.${name}`,
    label: intl.formatMessage({ id: `admin.settings.key.${name}` }),
    invalid: error ? ' is-invalid' : '',
    described: error ? errorId : undefined,
    errorText: error ? (
      <div id={errorId} className="invalid-feedback d-block" data-testid={`error-${name}`}>
        <FormattedMessage id={error} values={errorValues(name)} />
      </div>
    ) : null,
  }

  switch (f.kind) {
    case 'bool':
      return <BoolControl {...common} f={f} />
    case 'multi':
      return <MultiControl {...common} f={f} />
    case 'costs':
      return <CostsControl {...common} f={f} />
    case 'choice':
      return <ChoiceControl {...common} f={f} />
    default:
      return <InputControl {...common} f={f} />
  }
}

/** The setting's label with its key beside it, which the operators know from the docs and the logs. */
function SettingName({ label, name }: { label: string; name: EditableKey }) {
  return (
    <>
      {label} <code className="small text-body-secondary">{name}</code>
    </>
  )
}

function BoolControl({ name, value, id, field, label, invalid, described, errorText }: ControlProps<Kind<'bool'>>) {
  return (
    <div className="form-check form-switch mb-3">
      <input
        className={`form-check-input${invalid}`}
        type="checkbox"
        role="switch"
        id={id}
        name={field}
        defaultChecked={value === 'on'}
        aria-describedby={described}
      />
      <label className="form-check-label" htmlFor={id}>
        <SettingName label={label} name={name} />
      </label>
      {errorText}
    </div>
  )
}

function MultiControl({ name, f, value, id, field, label, invalid, described, errorText }: ControlProps<Kind<'multi'>>) {
  return (
    <fieldset className="mb-3" aria-describedby={described}>
      <legend className="form-label fs-6">
        <SettingName label={label} name={name} />
      </legend>
      <div className="d-flex flex-wrap gap-3">
        {f.options.map((o) => (
          <div key={o} className="form-check">
            <input
              className={`form-check-input${invalid}`}
              type="checkbox"
              id={`${id}-${o}`}
              name={field}
              value={o}
              defaultChecked={Array.isArray(value) && (value as string[]).includes(o)}
            />
            <label className="form-check-label" htmlFor={`${id}-${o}`}>
              <FormattedMessage id={f.labelIds[o]} />
            </label>
          </div>
        ))}
      </div>
      {errorText}
    </fieldset>
  )
}

/** Credits per country: one row per country set, and an empty row to add one. */
function CostsControl({ name, value, field, label, invalid, described, errorText }: ControlProps<Kind<'costs'>>) {
  const intl = useIntl()
  const rows = [...(Array.isArray(value) ? (value as { country: string; costs: string; currency: string }[]) : []), { country: '', costs: '', currency: '' }]
  return (
    <fieldset className="mb-3" aria-describedby={described}>
      <legend className="form-label fs-6">
        <SettingName label={label} name={name} />
      </legend>
      <p className="form-text mt-0">
        <FormattedMessage id="admin.settings.help.costs" />
      </p>
      <table className="table table-sm w-auto mb-1">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="admin.settings.costs.country" />
            </th>
            <th scope="col">
              <FormattedMessage id="admin.settings.costs.credits" />
            </th>
            <th scope="col">
              <FormattedMessage id="admin.settings.costs.currency" />
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {(['country', 'costs', 'currency'] as const).map((part) => (
                <td key={part}>
                  <input
                    className={`form-control form-control-sm${invalid}`}
                    name={`${field}.${i}.${part}`}
                    defaultValue={r[part]}
                    inputMode={part === 'costs' ? 'numeric' : undefined}
                    size={part === 'costs' ? 6 : 4}
                    aria-label={intl.formatMessage({ id: `admin.settings.costs.${part === 'costs' ? 'credits' : part}Row` }, { n: i + 1 })}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {errorText}
    </fieldset>
  )
}

function ChoiceControl({ name, f, value, id, field, label, invalid, described, errorText }: ControlProps<Kind<'choice'>>) {
  const intl = useIntl()
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        <SettingName label={label} name={name} />
      </label>
      <select className={`form-select${invalid}`} id={id} name={field} defaultValue={String(value ?? '')} aria-describedby={described}>
        {f.options.map((o) => (
          <option key={o} value={String(o)}>
            {intl.formatMessage({ id: `${f.labelPrefix}${o}` })}
          </option>
        ))}
      </select>
      {errorText}
    </div>
  )
}

/** Numbers, texts and country lists: one input, with help where the kind needs it. */
function InputControl({
  name,
  f,
  value,
  error,
  id,
  field,
  label,
  invalid,
  described,
  errorText,
}: ControlProps<Exclude<FieldControl, Kind<'bool' | 'multi' | 'costs' | 'choice'>>>) {
  const help =
    f.kind === 'countries'
      ? 'admin.settings.help.countries'
      : f.kind === 'text' && f.pattern === 'phone'
        ? 'admin.settings.help.phone'
        : f.kind === 'text' && f.nullable
          ? 'admin.settings.help.nullableText'
          : null
  const helpId = `${id}-help`
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        <SettingName label={label} name={name} />
      </label>
      <input
        className={`form-control${invalid}`}
        id={id}
        name={field}
        type={f.kind === 'int' ? 'number' : 'text'}
        min={f.kind === 'int' ? f.min : undefined}
        max={f.kind === 'int' ? f.max : undefined}
        maxLength={f.kind === 'text' ? f.max : undefined}
        defaultValue={typeof value === 'string' ? value : ''}
        list={f.kind === 'text' && f.pattern === 'icon' ? `${id}-icons` : undefined}
        aria-describedby={[help ? helpId : null, described].filter(Boolean).join(' ') || undefined}
        aria-invalid={error ? true : undefined}
      />
      {f.kind === 'text' && f.pattern === 'icon' ? (
        // The names the schema accepts, offered as the operator types.
        <datalist id={`${id}-icons`}>
          {iconNames.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
      ) : null}
      {help ? (
        <div id={helpId} className="form-text">
          <FormattedMessage id={help} />
        </div>
      ) : null}
      {errorText}
    </div>
  )
}
