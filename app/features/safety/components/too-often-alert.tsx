import { FormattedMessage } from 'react-intl'
import type { TooOften } from '../too-often'

/** Shown where the member acted when a write was refused for its rate (app/features/settings/write-limits.server.ts). */
export function TooOftenAlert({ refusal, className = 'alert alert-danger' }: { refusal: TooOften; className?: string }) {
  return (
    <div className={className} role="alert" data-testid="too-often">
      <FormattedMessage id={refusal.id} values={refusal.values} />
    </div>
  )
}
