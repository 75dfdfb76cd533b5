import { useIntl } from 'react-intl'
import { defaultFictionalIcon } from '#app/features/settings/fictional-icon'
import { Icon } from '#app/ui/icon'
import { iconOr } from '#app/ui/icon-names'

interface Disclosure {
  fictionalIcon: string
  fictionalWarning: string | null
  fictionalSingular: string | null
  /** The settings' fictional_plural, where several fictional profiles are named (the legend of a list). */
  fictionalPlural?: string | null
}

/** The setting's icon; a stored name the sprite lacks (set before names were checked) shows the default icon. */
const disclosureIcon = (site: Disclosure) => iconOr(site.fictionalIcon, defaultFictionalIcon)

/**
 * The disclosure every fictional profile carries wherever it appears: the settings' icon with the singular label,
 * and on the profile and in chat the full warning. Operator texts from settings win over the catalog defaults.
 */
export function FictionalBadge({ site }: { site: Disclosure }) {
  const intl = useIntl()
  const label = site.fictionalSingular ?? intl.formatMessage({ id: 'fictional.singular' })
  return (
    <span
      className="badge text-bg-warning fictional-note"
      title={site.fictionalWarning ?? intl.formatMessage({ id: 'fictional.warning' })}
      data-testid="fictional-badge"
    >
      <Icon name={disclosureIcon(site)} className="me-1" />
      {label}
    </span>
  )
}

export function FictionalWarning({ site }: { site: Disclosure }) {
  const intl = useIntl()
  return (
    <div className="alert alert-warning d-flex gap-2 align-items-start fictional-note" role="note" data-testid="fictional-warning">
      <Icon name={disclosureIcon(site)} />
      <span>{site.fictionalWarning ?? intl.formatMessage({ id: 'fictional.warning' })}</span>
    </div>
  )
}

/**
 * The legend of a list that shows fictional profiles (search results, a lander's gallery): the settings' icon and
 * plural label, so that the badge on each card is explained once.
 */
export function FictionalLegend({ site, className = 'mb-2' }: { site: Disclosure; className?: string }) {
  const intl = useIntl()
  const plural = site.fictionalPlural ?? intl.formatMessage({ id: 'fictional.plural' })
  return (
    <p className={`small text-body-secondary d-flex align-items-center gap-2 ${className}`} data-testid="fictional-legend">
      <span className="badge text-bg-warning fictional-note" aria-hidden="true">
        <Icon name={disclosureIcon(site)} />
      </span>
      <span>{intl.formatMessage({ id: 'fictional.legend' }, { plural })}</span>
    </p>
  )
}
