import { useIntl } from 'react-intl'

/** A navigation counter: hidden at 0, '99+' above 99 (spec section 9). */
export function formatBadgeCount(n: number): string {
  return n > 99 ? '99+' : String(n)
}

export function CountBadge({ count, variant = 'danger', labelId }: { count: number; variant?: 'danger' | 'unread' | 'warning'; labelId: string }) {
  const intl = useIntl()
  if (count <= 0) return null
  const cls = variant === 'unread' ? 'badge-unread' : `text-bg-${variant}`
  return (
    <span className={`badge rounded-pill ms-1 ${cls}`} data-testid={`badge-${labelId}`}>
      {formatBadgeCount(count)}
      <span className="visually-hidden"> {intl.formatMessage({ id: labelId }, { count })}</span>
    </span>
  )
}
