import { FormattedRelativeTime } from 'react-intl'

/** Picks the largest sensible unit for a time difference in milliseconds (negative = past). */
export function relativeUnit(diffMs: number): { value: number; unit: 'second' | 'minute' | 'hour' | 'day' } {
  const s = Math.round(diffMs / 1000)
  const abs = Math.abs(s)
  if (abs < 60) return { value: s, unit: 'second' }
  if (abs < 3600) return { value: Math.round(s / 60), unit: 'minute' }
  if (abs < 86400) return { value: Math.round(s / 3600), unit: 'hour' }
  return { value: Math.round(s / 86400), unit: 'day' }
}

export function RelativeTime({ iso, now }: { iso: string; now: number }) {
  const { value, unit } = relativeUnit(Date.parse(iso) - now)
  return <FormattedRelativeTime value={value} unit={unit} numeric="auto" />
}
