/**
 * A fresh demo for the screenshot scripts (`npm run screenshots`, `npm run screenshots:components`): the production
 * build on the embedded database with the demo seeded, Debian's Chromium, and the demo members' session cookies.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'
import { apiLogin, startServer } from '../tests/setup/server-process'
import { readDemoLogins } from '../db/seed/demo-logins.server'

export interface Demo {
  base: string
  /** A browser context at `viewport` in `mode`, past the entry warning, logged in as the demo member `email` if given. */
  context(viewport: { width: number; height: number }, mode: 'light' | 'dark', email?: string): Promise<BrowserContext>
  /** Ben's profile id: a real demo member, whose signup page has the first-message field. */
  benProfileId: number
}

export async function withDemo(work: (demo: Demo) => Promise<void>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'screenshots-'))
  const server = await startServer({ SEED_DEMO: '1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }, 180_000)
  const base = `http://127.0.0.1:${server.port}`
  const cookies = new Map<string, string>()
  const cookieOf = async (email: string) => {
    if (!cookies.has(email)) {
      const login = readDemoLogins(dataDir).members.find((m) => m.email === email)
      if (!login) throw new Error(`the demo has no ${email}`)
      cookies.set(email, await apiLogin(server.port, login.email, login.password))
    }
    return cookies.get(email)!
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    const benCookie = await cookieOf('ben@demo.local')
    const ben = (await (await fetch(`${base}/api/user.php`, { headers: { cookie: benCookie } })).json()) as { user: { profile: { id: number } } }
    await work({
      base,
      benProfileId: ben.user.profile.id,
      async context(viewport, mode, email) {
        const context = await browser.newContext({ viewport, colorScheme: mode, baseURL: base })
        await context.addCookies([{ name: 'entry_warning_skipped', value: String(Date.now()), url: base }])
        if (email) {
          const [name, value] = (await cookieOf(email)).split('=')
          await context.addCookies([{ name, value, url: base }])
        }
        return context
      },
    })
  } finally {
    await browser.close()
    server.child.kill('SIGTERM')
    await server.exited
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
