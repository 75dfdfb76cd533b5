import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from '@playwright/test'

/** The two demo members seeded by SEED_DEMO=1 (db/seed/demo.server.ts); they share one conversation. */
export const anna = { email: 'anna@demo.local', password: 'demo-anna-2026', name: 'Anna' } as const
export const ben = { email: 'ben@demo.local', password: 'demo-ben-2026', name: 'Ben' } as const
export type Credentials = { email: string; password: string }

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

/** A value unique to this run and call, for e-mail addresses and message texts. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`
}

/** An ISO date (yyyy-mm-dd) `years` years and `days` days before today. */
export function isoDateYearsAgo(years: number, days = 0): string {
  const d = new Date()
  d.setFullYear(d.getFullYear() - years)
  d.setDate(d.getDate() - days)
  return d.toISOString().slice(0, 10)
}

/** Logs in through the login form (works with and without JavaScript) and waits for the members page. */
export async function login(page: Page, user: Credentials): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/members(\?|$)/)
}

/** Signs up a new member through the signup form and waits for the members page. Returns the credentials. */
export async function signupNewMember(page: Page, prefix = 'e2e'): Promise<Credentials & { name: string }> {
  const id = unique(prefix)
  const user = { email: `${id}@example.test`, password: 'correct-horse-9', name: id.slice(0, 24) }
  await page.goto('/signup')
  await page.getByLabel('Username').fill(user.name)
  await page.getByLabel('E-mail address').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByLabel(/date of birth/i).fill(isoDateYearsAgo(30))
  await page.getByRole('button', { name: 'Sign up' }).click()
  // The remaining signup steps (photo, profile, about, confirm) may be skipped.
  await expect(page).toHaveURL(/\/(complete-signup|members)(\?|$)/)
  await page.goto('/members')
  await expect(page.getByTestId('account-menu')).toContainText(user.name)
  return user
}

/** The cards of the search results on /members (not those under "Similar members"). */
export function resultCards(page: Page): Locator {
  return page.locator('[data-testid="profile-card"]:not([data-testid="similar-results"] *)')
}

/** The main navigation of the default layout (top bar). */
export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' })
}

/** The unread-messages badge in the top bar; absent when there is nothing unread. */
export function unreadBadge(page: Page): Locator {
  return page.getByTestId('badge-nav.unreadMessages')
}

/** The number shown by the unread badge, 0 when the badge is absent. */
export async function unreadCount(page: Page): Promise<number> {
  const badge = unreadBadge(page)
  if ((await badge.count()) === 0) return 0
  const text = (await badge.textContent()) ?? ''
  return Number(/^\s*(\d+)/.exec(text)?.[1] ?? 0)
}

/** Opens the account menu (a <details> disclosure) in the top bar. */
export async function openAccountMenu(page: Page): Promise<Locator> {
  const menu = page.getByTestId('account-menu')
  await menu.locator('summary').click()
  await expect(menu.getByRole('link', { name: 'My profile' })).toBeVisible()
  return menu
}

type WorkerFixtures = { annaState: StorageState; benState: StorageState }
type TestFixtures = {
  /** A page in a fresh context logged in as Anna (session made once per worker). */
  annaPage: Page
  /** A page in a fresh context logged in as Ben (session made once per worker). */
  benPage: Page
  /** Opens another browser context with the project's options (baseURL, …). */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>
}

async function stateFor(browser: Browser, baseURL: string | undefined, user: Credentials): Promise<StorageState> {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await login(page, user)
  const state = await context.storageState()
  await context.close()
  return state
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Log in through the form once per worker; every test then gets its own context with that session cookie.
  annaState: [async ({ browser }, use, workerInfo) => use(await stateFor(browser, workerInfo.project.use.baseURL, anna)), { scope: 'worker' }],
  benState: [async ({ browser }, use, workerInfo) => use(await stateFor(browser, workerInfo.project.use.baseURL, ben)), { scope: 'worker' }],
  newContext: async ({ browser, baseURL }, use) => {
    const opened: BrowserContext[] = []
    await use(async (options) => {
      const context = await browser.newContext({ baseURL, ...options })
      opened.push(context)
      return context
    })
    await Promise.all(opened.map((c) => c.close()))
  },
  annaPage: async ({ newContext, annaState }, use) => {
    const context = await newContext({ storageState: annaState })
    await use(await context.newPage())
  },
  benPage: async ({ newContext, benState }, use) => {
    const context = await newContext({ storageState: benState })
    await use(await context.newPage())
  },
})

export { expect }
