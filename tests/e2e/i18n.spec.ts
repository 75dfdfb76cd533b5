import type { BrowserContext, Page } from '@playwright/test'
import { activeMember, chooseLanguage, expect, login, ownProfileId, signupMember, signupNewMember, test } from './fixtures'

/** Every text on the page comes from the catalog: no message id (like "members.visitorNote") shows through. */
async function expectNoRawMessageIds(page: Page) {
  const text = await page.locator('body').innerText()
  const ids =
    text.match(
      /\b(?:nav|members|alert|activate|profile|signup|login|likes|chat|chats|error|field|validation|completeSignup|home|footer|fictional|pagination|photos|lang)\.[a-zA-Z][\w.]*/g,
    ) ?? []
  expect.soft(ids, `untranslated message ids on ${new URL(page.url()).pathname} (${await page.locator('html').getAttribute('lang')})`).toEqual([])
}

async function localeCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'i18n_redirected')
}

test('a visitor switches to Deutsch: html lang, texts and the cookie persist across navigation', async ({ page, context }) => {
  await page.goto('/members')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search members')
  await expect(page.getByRole('option', { name: 'Germany', exact: true })).toHaveCount(1)

  await chooseLanguage(page, 'Deutsch')
  await expect(page).toHaveURL(/\/members$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  // Texts from Intl (country names) and from the catalog are German now.
  await expect(page.getByRole('option', { name: 'Deutschland', exact: true })).toHaveCount(1)
  await expect(page.getByRole('option', { name: 'Germany', exact: true })).toHaveCount(0)
  await expect(page.getByTestId('profile-card').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Deutsch', exact: true, includeHidden: true })).toHaveAttribute('aria-current', 'true')
  await expect(page.getByRole('button', { name: 'English', exact: true, includeHidden: true })).not.toHaveAttribute('aria-current', 'true')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mitglieder suchen')
  await expect(page.getByRole('search', { name: 'Mitgliedersuche' }).getByLabel('Ich suche')).toBeVisible()
  await expect(page.getByTestId('result-count')).toHaveText(/^\d+ Mitglieder? gefunden$/)
  await expectNoRawMessageIds(page)

  const cookie = await localeCookie(context)
  expect(cookie?.value).toBe('de')
  // Kept for a year (365 days, give or take a minute).
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000)

  // Navigation keeps the language: a client-side link and a full page load.
  await page
    .getByRole('link', { name: /Amoura/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lerne heute Abend jemand Neues kennen')
  await expectNoRawMessageIds(page)
  await page.goto('/login')
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einloggen')
  await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible()
  await expectNoRawMessageIds(page)

  // And back to English.
  await chooseLanguage(page, 'English')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in')
  expect((await localeCookie(context))?.value).toBe('en')
})

test('the pages a visitor starts on load only their own messages, and the next page loads the rest before it shows', async ({ page }) => {
  const bundles: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/i18n/')) bundles.push(new URL(r.url()).pathname)
  })
  await page.goto('/')
  await expect(page.getByTestId('hero')).toBeVisible()
  await expectNoRawMessageIds(page)
  expect(bundles).toEqual([expect.stringMatching(/^\/i18n\/en-visitor-/)])
  // The signup modal's texts are among them.
  await page.getByRole('link', { name: 'Sign up for free' }).first().click()
  await expect(page.getByRole('dialog', { name: 'Create your free account' })).toBeVisible()
  await expectNoRawMessageIds(page)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // The login page is one of these pages: no other messages.
  await page.getByRole('link', { name: 'Login', exact: true }).first().click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible()
  await expectNoRawMessageIds(page)
  expect(bundles).toHaveLength(1)
  // A client-side navigation to another part of the site: its messages first, then the page.
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/reset-password$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
  await expectNoRawMessageIds(page)
  expect(bundles.some((b) => /^\/i18n\/en-site-/.test(b))).toBe(true)
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible()
  await page.goBack()
  await expect(page.getByTestId('hero')).toBeVisible()
  await expectNoRawMessageIds(page)
  // Another language on the home page: the same part again, in that language.
  await chooseLanguage(page, 'Deutsch')
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.getByTestId('hero')).toBeVisible()
  await expectNoRawMessageIds(page)
  expect(bundles.some((b) => /^\/i18n\/de-visitor-/.test(b))).toBe(true)
})

test('a member’s everyday pages load their own messages, and a page elsewhere on the site loads the rest before it shows', async ({ newContext, annaPage }) => {
  const annaId = await ownProfileId(annaPage)
  const { page } = await activeMember(newContext, { prefix: 'membermsg', gender: 'male', lookingFor: 'female' })
  const bundles: string[] = []
  page.on('response', (r) => {
    if (r.url().includes('/i18n/')) bundles.push(`${new URL(r.url()).pathname} ${r.headers()['content-encoding']}`)
  })
  await page.goto('/members')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search members')
  await expect(page.getByTestId('profile-card').first()).toBeVisible()
  await expectNoRawMessageIds(page)
  // One bundle, in Brotli.
  expect(bundles).toEqual([expect.stringMatching(/^\/i18n\/en-member-[\w-]{12}\.js br$/)])
  for (const path of [`/members/${annaId}`, `/members/${annaId}/chat`, '/chats', '/likes']) {
    await page.goto(path)
    await expect(page.locator('main, [role="log"]').first(), path).toBeVisible()
    await expectNoRawMessageIds(page)
  }
  expect(
    bundles.every((b) => /^\/i18n\/en-member-/.test(b)),
    bundles.join(', '),
  ).toBe(true)
  // A page of the rest of the site, reached by a link: its messages come first, then the page, with its title.
  await page.getByTestId('account-menu').locator('summary').click()
  await page.getByRole('link', { name: 'My profile' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoRawMessageIds(page)
  expect(bundles.some((b) => /^\/i18n\/en-site-/.test(b))).toBe(true)
  await expect(page).toHaveTitle(/\S/)
  expect(await page.title()).not.toMatch(/^[a-z]+\.[a-zA-Z.]+/)
})

test('a member’s language is saved on the account and comes back after a fresh login', async ({ page, context }) => {
  const user = await signupNewMember(page, 'i18n')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')

  await chooseLanguage(page, 'Deutsch')
  await expect(page).toHaveURL(/\/members$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mitglieder suchen')
  expect((await localeCookie(context))?.value).toBe('de')
  await expectNoRawMessageIds(page)

  // A date on a profile page is formatted for German (dd.mm.yyyy), the same date English writes differently.
  await page.getByTestId('profile-card').first().getByRole('link').click()
  await expect(page).toHaveURL(/\/members\/\d+$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.locator('article').getByText(/\b\d{2}\.\d{2}\.\d{4}\b/)).toBeVisible()
  await expect(page.locator('article').getByText(/\b[A-Z][a-z]{2} \d{1,2}, \d{4}\b/)).toHaveCount(0)
  // Region names come from Intl too.
  await expect(page.locator('article')).toContainText(
    /Vereinigtes Königreich|Deutschland|Niederlande|Frankreich|Italien|Spanien|Polen|Dänemark|Finnland|Norwegen|Schweden|Österreich|Schweiz|Belgien|Irland|Vereinigte Staaten|Kanada|Australien|Neuseeland/,
  )

  // Log out (the menu labels are German now), forget all cookies, log in again: still German.
  const accountMenu = page.getByTestId('account-menu')
  await accountMenu.locator('summary').click()
  await accountMenu.locator('form[action="/logout"]').getByRole('button').click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByTestId('account-menu')).toHaveCount(0)
  // All cookies but the closed entry warning's (that visitor has already seen it).
  await context.clearCookies({ name: /^(?!entry_warning_skipped$)/ })
  await page.goto('/login')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await login(page, user)
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mitglieder suchen')
  await expectNoRawMessageIds(page)
  await expect(page.getByRole('option', { name: 'Deutschland', exact: true })).toHaveCount(1)
  await expect(page.getByRole('button', { name: 'Deutsch', exact: true, includeHidden: true })).toHaveAttribute('aria-current', 'true')
})

test('the language dropdown is on the chat and the empty layout’s pages, but not on complete-signup', async ({ newContext, annaPage }) => {
  const annaId = await ownProfileId(annaPage)
  const { page } = await activeMember(newContext, { prefix: 'langchat', gender: 'male', lookingFor: 'female' })
  const dropdown = page.locator('details').filter({ has: page.locator('form[action="/lang-config"]') })
  for (const path of ['/lang-config', '/appeal/nothing']) {
    await page.goto(path)
    await expect(dropdown, path).toHaveCount(1)
  }
  await page.goto(`/members/${annaId}/chat`)
  await expect(page.getByRole('log')).toBeVisible()
  await chooseLanguage(page, 'Deutsch')
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page).toHaveURL(new RegExp(`/members/${annaId}/chat$`))
  await chooseLanguage(page, 'English')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')

  const fresh = await (await newContext()).newPage()
  await signupMember(fresh, { prefix: 'langsignup' })
  await expect(fresh.locator('form[action="/lang-config"]')).toHaveCount(0)
})
