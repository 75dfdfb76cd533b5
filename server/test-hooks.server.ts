import express, { type Express } from 'express'
import { defaultSettings, type SettingKey } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { setPushTransport } from '#app/features/notifications/push/push-notify.server'
import { db } from '#db/client.server'
import { jobs, profiles, users } from '#db/schema/index'
import { attachAvatar } from '#db/seed/demo.server'

/**
 * Browser-test hooks (decision record 017): mounted only when E2E_TEST_HOOKS=1, which only the Playwright
 * configuration sets, and answered only to loopback connections. A null value restores the default. They change global settings the way the operator
 * console will, so a test can render the site in another niche or with the entry warning configured.
 */
export function mountTestHooks(app: Express): void {
  // The topology test (tests/topology) runs its push service on 127.0.0.1, where the guard against pushes into our
  // own network (app/adapters/push/public-address.ts) would refuse to post. Only that test sets this variable.
  if (process.env.TEST_PUSH_TO_LOOPBACK === '1') setPushTransport({ allowPrivateAddresses: true })
  if (process.env.E2E_TEST_HOOKS !== '1') return
  app.put('/__e2e/settings', express.json(), async (req, res) => {
    if (!isLoopback(req.socket.remoteAddress)) return void res.status(404).end()
    const body = (req.body ?? {}) as Record<string, unknown>
    const unknown = Object.keys(body).filter((k) => !(k in defaultSettings))
    if (unknown.length) return void res.status(400).json({ error: 'unknown_setting', keys: unknown })
    for (const [key, value] of Object.entries(body)) await updateSetting(key as SettingKey, (value ?? defaultSettings[key as SettingKey]) as never)
    res.status(204).end()
  })
  // Confirmed members with a drawn photo and no usable login, for the matching screens (which propose only members
  // who can like back, issue 28): a test needs several without signing each up through the browser.
  app.post('/__e2e/members', express.json(), async (req, res) => {
    if (!isLoopback(req.socket.remoteAddress)) return void res.status(404).end()
    const { count = 1, gender = 'female', country = 'NL', birthDate = '1995-06-15', prefix = 'e2e' } = (req.body ?? {}) as Record<string, never>
    const ids: number[] = []
    for (let i = 0; i < Math.min(Number(count), 20); i++) {
      const [user] = await db()
        .insert(users)
        .values({ email: `${prefix}-${Date.now()}-${i}@example.test`, passwordHash: 'no-login', status: 'active', confirmedAt: new Date() })
        .returning({ id: users.id })
      const [profile] = await db()
        .insert(profiles)
        .values({ userId: user.id, name: `${prefix}${i + 1}`, gender, sexuality: 'hetero', birthDate, country, status: 'active' })
        .returning({ id: profiles.id })
      await attachAvatar(profile.id, gender, birthDate)
      ids.push(profile.id)
    }
    res.status(201).json({ ids })
  })
  // A failed job for the console's job view (/admin/jobs): the housekeeping job, harmless when retried.
  app.post('/__e2e/failed-job', async (req, res) => {
    if (!isLoopback(req.socket.remoteAddress)) return void res.status(404).end()
    const [job] = await db()
      .insert(jobs)
      .values({ name: 'housekeeping', payload: {}, status: 'failed', attempts: 3, maxAttempts: 3, lastError: 'e2e: simulated failure' })
      .returning({ id: jobs.id })
    res.status(201).json({ id: job.id })
  })
}

function isLoopback(ip: string | undefined): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1'
}
