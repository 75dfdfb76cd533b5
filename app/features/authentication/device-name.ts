import Bowser from 'bowser'

export interface DeviceName {
  browser: string | null
  os: string | null
}

/**
 * What a member's session list calls a device (issue 27): the browser and system a user-agent names ("Chrome",
 * "Android"), read by a maintained parser (bowser), never the raw string; null where it names neither.
 */
export function deviceName(userAgent: string | null): DeviceName {
  if (!userAgent) return { browser: null, os: null }
  const parsed = Bowser.parse(userAgent)
  return { browser: parsed.browser.name || null, os: parsed.os.name || null }
}
