import { FormattedMessage, useIntl } from 'react-intl'
import { regionNamesFor } from '#app/lib/intl-cache'

/**
 * "Chrome on Android"; the one part known alone; "Unknown device" (issue 27: no raw user-agent strings). With the
 * country the session started from: "Chrome on Android, Netherlands", the country named in the page's language.
 */
export function DeviceLabel({ browser, os, country }: { browser: string | null; os: string | null; country?: string | null }) {
  const intl = useIntl()
  const device =
    browser && os ? (
      <FormattedMessage id="account.deviceName" values={{ browser, os }} />
    ) : browser || os ? (
      <>{browser ?? os}</>
    ) : (
      <FormattedMessage id="account.unknownDevice" />
    )
  if (!country) return device
  const place = regionNamesFor(intl.locale).of(country) ?? country
  return (
    <>
      {device}
      {', '}
      <span data-testid="device-country">{place}</span>
    </>
  )
}
