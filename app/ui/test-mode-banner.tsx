import { FormattedMessage, useIntl } from 'react-intl'
import { Icon } from './icon'

/**
 * The slim bar at the top of every page while the payment provider is the sandbox (issue 23): payments are
 * simulated, and nobody should take the site for a real one. A labelled landmark, so screen reader users find it
 * among the page's regions; in the flow above the page, never over its content (app/styles/app.scss).
 */
export function TestModeBanner() {
  const intl = useIntl()
  return (
    <aside className="test-mode-banner" aria-label={intl.formatMessage({ id: 'testMode.label' })} data-testid="test-mode-banner">
      <Icon name="cone-striped" className="flex-shrink-0" />
      <span>
        <FormattedMessage id="testMode.banner" />
      </span>
    </aside>
  )
}
