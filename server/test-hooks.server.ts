import express, { type Express } from 'express'
import { defaultSettings, type SettingKey } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'

/**
 * Browser-test hooks (decision record 017): mounted only when E2E_TEST_HOOKS=1, which only the Playwright
 * configuration sets, and answered only to loopback connections. A null value restores the default. They change global settings the way the operator
 * console will, so a test can render the site in another niche or with the entry warning configured.
 */
export function mountTestHooks(app: Express): void {
  if (process.env.E2E_TEST_HOOKS !== '1') return
  app.put('/__e2e/settings', express.json(), async (req, res) => {
    if (!isLoopback(req.socket.remoteAddress)) return void res.status(404).end()
    const body = (req.body ?? {}) as Record<string, unknown>
    const unknown = Object.keys(body).filter((k) => !(k in defaultSettings))
    if (unknown.length) return void res.status(400).json({ error: 'unknown_setting', keys: unknown })
    for (const [key, value] of Object.entries(body)) await updateSetting(key as SettingKey, (value ?? defaultSettings[key as SettingKey]) as never)
    res.status(204).end()
  })
}

function isLoopback(ip: string | undefined): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1'
}
