import type { ReactNode } from 'react'
import { Icon } from './icon'

/** The centred outcome of a link or action (activation, e-mail change, deletion): icon, title, text, next step. */
export function ResultPanel({
  tone,
  title,
  children,
  action,
}: {
  tone: 'success' | 'danger' | 'neutral'
  title: ReactNode
  children?: ReactNode
  action?: ReactNode
}) {
  const [icon, colour] =
    tone === 'success'
      ? (['check-circle', 'text-success'] as const)
      : tone === 'danger'
        ? (['x-circle', 'text-danger'] as const)
        : (['info-circle', 'text-secondary'] as const)
  return (
    <div className="text-center py-5">
      <Icon name={icon} className={`${colour} display-4`} />
      <h1 className="h3 mt-3">{title}</h1>
      {children}
      {action}
    </div>
  )
}
