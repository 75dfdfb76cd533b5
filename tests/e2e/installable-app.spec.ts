import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { anna, ben, expect, expectNoSeriousA11yViolations, login, openAccountMenu, test } from './fixtures'

// The installable app (issue 12, section 5): web app manifest, service worker with an offline page that lists the
// member's last conversations, and the Back button of installed-app mode (spec section 2).

/** Waits until the service worker (public/sw.js) is active and controls the page. */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (navigator.serviceWorker.controller) return
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }))
  })
}

/** The conversations kept by the service worker (cache "chats-v2"), null when none are kept. */
function keptChats(page: Page) {
  return page.evaluate(async () => {
    const res = await caches.match('/api/chats.php', { cacheName: 'chats-v2', ignoreVary: true })
    return res ? ((await res.json()) as { chats: { profile: { name: string } }[] }).chats.map((c) => c.profile.name) : null
  })
}

test('the manifest is linked and describes the installable app, with its icons', async ({ page }) => {
  await page.goto('/')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBe('/manifest.webmanifest')
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png')
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#cf3f37')
  const res = await page.request.get(href!)
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/)
  const m = (await res.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose: string }[] }
  expect(m).toMatchObject({ start_url: '/members', scope: '/', display: 'standalone', theme_color: '#cf3f37', lang: 'en' })
  expect(typeof m.name).toBe('string')
  expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
  for (const icon of m.icons) {
    const r = await page.request.get(icon.src)
    expect(r.status(), icon.src).toBe(200)
    expect(r.headers()['content-type']).toBe('image/png')
  }
})

test('Chromium finds the app installable (the checks Lighthouse ran: manifest, icons, service worker)', async ({ baseURL }, testInfo) => {
  // A persistent profile: in the suite's usual (incognito) contexts Chromium never offers installation.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-install-'))
  const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL })
  try {
    const page = await context.newPage()
    await page.goto('/')
    await controlledByServiceWorker(page)
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([])
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: { message: string; critical: number }[] }
    expect(manifest.errors).toEqual([])
  } finally {
    await context.close()
    fs.rmSync(profile, { recursive: true, force: true })
  }
})

test('offline, a page shows the offline page with the last conversations; logging out forgets them', async ({ newContext }) => {
  // A session of its own: this test logs out, and the shared annaPage session must live on for other tests.
  const page = await (await newContext()).newPage()
  await login(page, anna)
  await controlledByServiceWorker(page)
  await page.goto('/chats')
  await expect(page.getByRole('link', { name: new RegExp(ben.name) }).first()).toBeVisible()
  await expect.poll(() => keptChats(page)).toContain(ben.name)

  await page.context().setOffline(true)
  await page.goto('/members')
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible()
  const list = page.getByTestId('offline-chats')
  await expect(list).toBeVisible()
  await expect(list.getByRole('listitem').filter({ hasText: ben.name })).toHaveCount(1)
  // In both colour modes, as the device prefers (issue 27): readable, axe clean.
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(background, `the offline page's ${scheme} background`).toBe(scheme === 'dark' ? 'rgb(33, 37, 41)' : 'rgb(248, 249, 250)')
    await expectNoSeriousA11yViolations(page)
  }

  // Back online: the site works again, and logging out drops the kept conversations.
  await page.context().setOffline(false)
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(page).toHaveURL(/\/members$/)
  const menu = await openAccountMenu(page)
  await menu.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect.poll(() => keptChats(page)).toBeNull()
})

test('the Back button does not show in a browser tab', async ({ annaPage: page }) => {
  await page.goto('/chats')
  await page
    .getByRole('link', { name: new RegExp(ben.name) })
    .first()
    .click()
  await expect(page).toHaveURL(/\/chats\/\d+$/)
  await page.goto('/likes/received')
  await page.goto('/credits')
  expect(await page.evaluate(() => history.length)).toBeGreaterThan(1)
  // Hydrated: the root's effect has registered the service worker, so the layout's effects have run as well.
  await expect.poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration('/')))).toBe(true)
  await expect(page.getByTestId('back-button')).toHaveCount(0)
})
