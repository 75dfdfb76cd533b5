import type { ReactNode } from 'react'

/** An on/off setting with its explanation, linked for screen readers. */
export function SwitchField({ name, label, help, defaultChecked }: { name: string; label: ReactNode; help: ReactNode; defaultChecked: boolean }) {
  return (
    <div className="form-check form-switch mb-3">
      <input
        className="form-check-input"
        type="checkbox"
        role="switch"
        id={name}
        name={name}
        defaultChecked={defaultChecked}
        aria-describedby={`${name}-help`}
      />
      <label className="form-check-label" htmlFor={name}>
        {label}
      </label>
      <div className="form-text" id={`${name}-help`}>
        {help}
      </div>
    </div>
  )
}
