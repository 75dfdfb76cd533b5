import { useIntl } from 'react-intl'

interface Disclosure {
  fictionalIcon: string
  fictionalWarning: string | null
  fictionalSingular: string | null
}

/**
 * The disclosure every fictional profile carries wherever it appears: the settings' icon with the singular label,
 * and on the profile and in chat the full warning. Operator texts from settings win over the catalog defaults.
 */
export function FictionalBadge({ site }: { site: Disclosure }) {
  const intl = useIntl()
  const label = site.fictionalSingular ?? intl.formatMessage({ id: 'fictional.singular' })
  return (
    <span className="badge text-bg-warning fictional-note" title={site.fictionalWarning ?? intl.formatMessage({ id: 'fictional.warning' })} data-testid="fictional-badge">
      <i className={`bi bi-${site.fictionalIcon} me-1`} aria-hidden="true" />
      {label}
    </span>
  )
}

export function FictionalWarning({ site }: { site: Disclosure }) {
  const intl = useIntl()
  return (
    <div className="alert alert-warning d-flex gap-2 align-items-start fictional-note" role="note" data-testid="fictional-warning">
      <i className={`bi bi-${site.fictionalIcon}`} aria-hidden="true" />
      <span>{site.fictionalWarning ?? intl.formatMessage({ id: 'fictional.warning' })}</span>
    </div>
  )
}
