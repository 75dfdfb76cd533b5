import { describe, expect, it } from 'vitest'
import { deviceName } from './device-name'

describe('deviceName', () => {
  it('names the browser and the system of common user-agents', () => {
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36')).toEqual({
      browser: 'Chrome',
      os: 'Linux',
    })
    expect(
      deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'),
    ).toEqual({
      browser: 'Safari',
      os: 'iOS',
    })
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0')).toEqual({ browser: 'Firefox', os: 'Windows' })
  })

  it('gives nothing for a string that names no browser, or none at all', () => {
    expect(deviceName('node')).toEqual({ browser: null, os: null })
    expect(deviceName(null)).toEqual({ browser: null, os: null })
  })
})
