import type { ReactNode } from 'react'

/** The centred outcome of a link or action (activation, e-mail change, deletion): icon, title, text, next step. */
export function ResultPanel({ tone, title, children, action }: { tone: 'success' | 'danger' | 'neutral'; title: ReactNode; children?: ReactNode; action?: ReactNode }) {
  const icon = tone === 'success' ? 'bi-check-circle text-success' : tone === 'danger' ? 'bi-x-circle text-danger' : 'bi-info-circle text-secondary'
  return (
    <div className="text-center py-5">
      <i className={`bi ${icon} display-4`} aria-hidden="true" />
      <h1 className="h3 mt-3">{title}</h1>
      {children}
      {action}
    </div>
  )
}
