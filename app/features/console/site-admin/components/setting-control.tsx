import { FormattedMessage, useIntl } from 'react-intl'
import { iconNames } from '#app/ui/icon-names'
import { editableSettings, errorValues, type EditableKey, type FieldControl, type RawValue } from '../setting-fields'

/** One setting of the editor: its label, the control its kind needs, and its error (ids from the schema). */
export function SettingControl({ name, value, error }: { name: EditableKey; value: RawValue; error?: string }) {
  const intl = useIntl()
  const f: FieldControl = editableSettings[name]
  const id = `setting-${name}`
  const field = `s.${name}`
  const errorId = `${id}-error`
  const described = error ? errorId : undefined
  const label = intl.formatMessage({ id: `admin.settings.key.${name}` })
  const invalid = error ? ' is-invalid' : ''
  const errorText = error ? (
    <div id={errorId} className="invalid-feedback d-block" data-testid={`error-${name}`}>
      <FormattedMessage id={error} values={errorValues(name)} />
    </div>
  ) : null

  switch (f.kind) {
    case 'bool':
      return (
        <div className="form-check form-switch mb-3">
          <input className={`form-check-input${invalid}`} type="checkbox" role="switch" id={id} name={field} defaultChecked={value === 'on'} aria-describedby={described} />
          <label className="form-check-label" htmlFor={id}>
            {label} <code className="small text-body-secondary">{name}</code>
          </label>
          {errorText}
        </div>
      )
    case 'multi':
      return (
        <fieldset className="mb-3" aria-describedby={described}>
          <legend className="form-label fs-6">
            {label} <code className="small text-body-secondary">{name}</code>
          </legend>
          <div className="d-flex flex-wrap gap-3">
            {f.options.map((o) => (
              <div key={o} className="form-check">
                <input className={`form-check-input${invalid}`} type="checkbox" id={`${id}-${o}`} name={field} value={o} defaultChecked={Array.isArray(value) && (value as string[]).includes(o)} />
                <label className="form-check-label" htmlFor={`${id}-${o}`}>
                  <FormattedMessage id={f.labelIds[o]} />
                </label>
              </div>
            ))}
          </div>
          {errorText}
        </fieldset>
      )
    case 'costs': {
      const rows = [...(Array.isArray(value) ? (value as { country: string; costs: string; currency: string }[]) : []), { country: '', costs: '', currency: '' }]
      return (
        <fieldset className="mb-3" aria-describedby={described}>
          <legend className="form-label fs-6">
            {label} <code className="small text-body-secondary">{name}</code>
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
    case 'choice':
      return (
        <div className="mb-3">
          <label className="form-label" htmlFor={id}>
            {label} <code className="small text-body-secondary">{name}</code>
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
    default: {
      const help = f.kind === 'countries' ? 'admin.settings.help.countries' : f.kind === 'text' && f.nullable ? 'admin.settings.help.nullableText' : null
      const helpId = `${id}-help`
      return (
        <div className="mb-3">
          <label className="form-label" htmlFor={id}>
            {label} <code className="small text-body-secondary">{name}</code>
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
  }
}
