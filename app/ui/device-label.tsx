import { FormattedMessage } from 'react-intl'

/** "Chrome on Android"; the one part known alone; "Unknown device" (issue 27: no raw user-agent strings). */
export function DeviceLabel({ browser, os }: { browser: string | null; os: string | null }) {
  if (browser && os) return <FormattedMessage id="account.deviceName" values={{ browser, os }} />
  if (browser || os) return <>{browser ?? os}</>
  return <FormattedMessage id="account.unknownDevice" />
}
