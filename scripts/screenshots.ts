/**
 * `npm run screenshots`: every member screen at a phone's 390×844 and a laptop's 1280×800, in light and dark mode,
 * from a fresh demo on the embedded database (production build; `npx react-router build` first). PNGs go to
 * screenshots/ (or the folder given as the first argument), named page-size-mode.png, to be looked at before a
 * change that members see is called done (issue 27).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { apiLogin, startServer } from '../tests/setup/server-process'
import { readDemoLogins } from '../db/seed/demo-logins.server'

const out = path.resolve(process.argv[2] ?? 'screenshots')
const sizes = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 800 } }
const modes = ['light', 'dark'] as const

fs.mkdirSync(out, { recursive: true })
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'screenshots-'))
const server = await startServer({ SEED_DEMO: '1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }, 180_000)
try {
  const base = `http://127.0.0.1:${server.port}`
  const anna = readDemoLogins(dataDir).members.find((m) => m.email === 'anna@demo.local')
  if (!anna) throw new Error('the demo has no Anna')
  const cookie = await apiLogin(server.port, anna.email, anna.password)
  const [name, value] = cookie.split('=')
  // Ben, a real demo member: his signup page has the first-message field (a fictional profile's has none).
  const ben = readDemoLogins(dataDir).members.find((m) => m.email === 'ben@demo.local')
  if (!ben) throw new Error('the demo has no Ben')
  const benCookie = await apiLogin(server.port, ben.email, ben.password)
  const benUser = (await (await fetch(`${base}/api/user.php`, { headers: { cookie: benCookie } })).json()) as { user: { profile: { id: number } } }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  const visitorPages = ['/', '/login', '/signup', '/pricing', `/members/${benUser.user.profile.id}/signup`]
  const memberPages = [
    '/members',
    '/members/2',
    '/chats',
    '/chats/1',
    '/likes',
    '/credits',
    '/premium',
    '/profile',
    '/notifications',
    '/swipe-game',
    '/match-finder',
    '/transactions',
  ]
  for (const [sizeName, viewport] of Object.entries(sizes)) {
    for (const mode of modes) {
      const context = await browser.newContext({ viewport, colorScheme: mode, baseURL: base })
      await context.addCookies([{ name: 'entry_warning_skipped', value: String(Date.now()), url: base }])
      const visitor = await context.newPage()
      for (const p of visitorPages) await shoot(visitor, p, sizeName, mode)
      await context.addCookies([{ name, value, url: base }])
      const member = await context.newPage()
      for (const p of memberPages) await shoot(member, p, sizeName, mode)
      await context.close()
    }
  }
  await browser.close()
  console.log(`screenshots in ${out}`)
} finally {
  server.child.kill('SIGTERM')
  await server.exited
  fs.rmSync(dataDir, { recursive: true, force: true })
}

async function shoot(page: Page, p: string, size: string, mode: string) {
  await page.goto(p, { waitUntil: 'networkidle' })
  const file = path.join(out, `${p.replace(/\//g, '_').replace(/^_$/, 'home').replace(/^_/, '')}-${size}-${mode}.png`)
  await page.screenshot({ path: file, fullPage: false })
}
