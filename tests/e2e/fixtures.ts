import AxeBuilder from '@axe-core/playwright'
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test'
import sharp from 'sharp'
import { linkIn, waitForMail } from './mail'
import { operatorLogin, operatorsDemo } from './console'
import { demoMember } from './demo-logins'

export { linkIn, mailsTo, readMails, waitForMail, type CapturedMail } from './mail'

/**
 * The two demo members seeded by SEED_DEMO=1 (db/seed/demo.server.ts); they share one conversation. Their
 * passwords are the web server's, read from its DATA_DIR when a test first uses them (./demo-logins.ts).
 */
export const anna = demoMember('anna@demo.local', 'Anna')
export const ben = demoMember('ben@demo.local', 'Ben')
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
  await fillDateOfBirth(page, 'signup-dob', isoDateYearsAgo(30))
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

/**
 * Headers that make the site see the requests as coming from their own client address (the server trusts
 * X-Forwarded-For from a proxy on loopback). The per-address limits (signups an hour, logins, reset e-mails,
 * wrong passwords) then count per test instead of adding up over the whole suite. Every test gets one by default
 * (the `extraHTTPHeaders` fixture below); a second context of the same test may ask for another.
 */
export function clientAddressHeaders(): Record<string, string> {
  const byte = () => 1 + Math.floor(Math.random() * 253)
  return { 'X-Forwarded-For': `10.${byte()}.${byte()}.${byte()}` }
}

/** Opens the language dropdown (a <details> menu) and picks a language by its own name; the page reloads. */
export async function chooseLanguage(page: Page, languageName: string) {
  const menu = page.locator('details').filter({ has: page.locator('form[action="/lang-config"]') })
  const choice = menu.getByRole('button', { name: languageName, exact: true })
  // A member's menu is in the footer, which the prompts shown after hydration push down: a click may land where the
  // summary was a moment before, so open it until the choice shows.
  await expect(async () => {
    if (!(await choice.isVisible())) await menu.locator('summary').click()
    await expect(choice).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 15_000 })
  await choice.click()
}

export type Member = Credentials & { name: string }

/**
 * Signs up through the /signup form in whatever language the page is in (fields found by id), and waits for
 * the first complete-signup step. The signup leaves the member logged in, unconfirmed.
 */
export async function signupMember(
  page: Page,
  opts: { prefix?: string; gender?: 'male' | 'female'; lookingFor?: 'male' | 'female'; country?: string; age?: number; name?: string } = {},
): Promise<Member> {
  const id = unique(opts.prefix ?? 'e2e')
  const user = { email: `${id}@example.test`, password: 'correct-horse-9', name: opts.name ?? id.slice(0, 24) }
  await page.goto('/signup')
  const form = page.locator('#signup-form')
  if (opts.gender) await form.locator('#signup-gender').selectOption(opts.gender)
  if (opts.lookingFor) await form.locator('#signup-looking-for').selectOption(opts.lookingFor)
  await form.locator('#signup-name').fill(user.name)
  await form.locator('#signup-email').fill(user.email)
  await form.locator('#signup-password').fill(user.password)
  await fillDateOfBirth(form, 'signup-dob', isoDateYearsAgo(opts.age ?? 30, 40))
  if (opts.country) await form.locator('#signup-country').selectOption(opts.country)
  await form.locator('button[type="submit"]').last().click()
  await expect(page).toHaveURL(/\/complete-signup(\?|$)/)
  return user
}

/** Picks a date of birth in the three choices of app/ui/date-of-birth-field.tsx (`id`-day, -month, -year). */
export async function fillDateOfBirth(scope: Locator | Page, id: string, iso: string) {
  const [year, month, day] = iso.split('-').map(Number)
  await scope.locator(`#${id}-day`).selectOption(String(day))
  await scope.locator(`#${id}-month`).selectOption(String(month))
  await scope.locator(`#${id}-year`).selectOption(String(year))
}

/** Follows the link of the activation e-mail sent to `email`, in `page`; waits for /activate/done. */
export async function activateByMail(page: Page, email: string, subjectPart = 'Confirm your e-mail address') {
  const mail = await waitForMail(email, subjectPart)
  await page.goto(linkIn(mail, '/activate'))
  await expect(page).toHaveURL(/\/activate\/done$/)
  return mail
}

/**
 * A new, confirmed member, logged in in a context of its own (with this test's client address). The signup form is
 * posted and the activation link followed as HTTP requests of that context (its cookies), not drawn in the browser:
 * the forms' own tests draw them, and for the ~60 members the suite makes this saves three page renders each on a
 * two-core machine where the browser tests wait on CPU (issue 25). The page starts blank.
 */
export async function activeMember(
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>,
  opts: Parameters<typeof signupMember>[1] = {},
): Promise<{ page: Page; user: Member; profileId: number }> {
  const page = await (await newContext()).newPage()
  const id = unique(opts.prefix ?? 'e2e')
  const user = { email: `${id}@example.test`, password: 'correct-horse-9', name: opts.name ?? id.slice(0, 24) }
  const origin = `http://localhost:${process.env.E2E_PORT ?? 3999}`
  const signedUp = await page.request.post('/signup', {
    form: {
      name: user.name,
      email: user.email,
      password: user.password,
      date_of_birth: isoDateYearsAgo(opts.age ?? 30, 40),
      // The form's own defaults for an English visitor at a private address on the default niche.
      gender: opts.gender ?? 'male',
      looking_for: opts.lookingFor ?? 'female',
      country: opts.country ?? 'GB',
    },
    headers: { Origin: origin },
    maxRedirects: 0,
  })
  expect(signedUp.status(), `signup of ${user.email}: ${signedUp.status() === 200 ? '' : await signedUp.text()}`.slice(0, 400)).toBe(302)
  expect(signedUp.headers().location).toMatch(/^\/complete-signup/)
  const mail = await waitForMail(user.email, 'Confirm your e-mail address')
  const activated = await page.request.get(linkIn(mail, '/activate'))
  expect(new URL(activated.url()).pathname, 'activation').toBe('/activate/done')
  return { page, user, profileId: await ownProfileId(page) }
}

/** The logged-in member's profile id, from GET /api/user.php. */
/**
 * Sets a checkbox or switch right after a page load: a click before React has hydrated the page can be undone by the
 * hydration (a newcomer's run failed with "Clicking the checkbox did not change its state"), so it is tried again
 * until the state holds.
 */
export async function setCheckedOnceHydrated(box: Locator, checked: boolean) {
  await expect(async () => {
    await box.setChecked(checked, { timeout: 2000 })
    await expect(box).toBeChecked({ checked, timeout: 500 })
  }).toPass({ timeout: 15_000 })
}

export async function ownProfileId(page: Page): Promise<number> {
  const res = await page.request.get('/api/user.php', { headers: { 'X-Request-Type': 'client' } })
  expect(res.ok(), 'GET /api/user.php').toBeTruthy()
  const body = (await res.json()) as { user: { profile: { id: number } } }
  return body.user.profile.id
}

/** Logs in through the form and returns the alert text, for logins that must fail. */
export async function failedLogin(page: Page, user: Credentials): Promise<Locator> {
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  const alert = page.locator('form').getByRole('alert')
  await expect(alert).toBeVisible()
  return alert
}

/** A small, valid JPEG of one colour, for uploads (the site wants at least 100 × 100 pixels). */
export function jpeg(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 240, height: 240, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 80 })
    .toBuffer()
}

/** Runs axe and fails (softly, so every page of a test gets checked) on serious or critical violations. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Colours still moving (Bootstrap's .15 s transitions after a client navigation, e.g. a console link that just
  // stopped being the active one) would be judged half-way: let the transitions end first. Animations that loop
  // (the landers' films, the progress bar) are not transitions and are not waited for.
  await page.evaluate(() => Promise.all(document.getAnimations().flatMap((a) => (a instanceof CSSTransition ? [a.finished.catch(() => null)] : []))))
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const report = serious.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`).join('\n')}`,
  )
  expect.soft(report, `serious/critical axe violations on ${new URL(page.url()).pathname}`).toEqual([])
}

/**
 * The cookie that says a visitor closed the site-entry warning (app/features/visitors). Every context of the suite
 * starts with it, so the warning does not cover the pages other tests drive; tests of the warning clear it.
 */
export const ENTRY_WARNING_COOKIE = 'entry_warning_skipped'
async function skipEntryWarning(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: ENTRY_WARNING_COOKIE, value: String(Date.now()), url: baseURL ?? 'http://localhost' }])
}

/**
 * Changes global settings through the browser-test hook (server/test-hooks.server.ts), as the operator console
 * would; a null value restores the default. Tests that change a setting must restore it.
 */
export async function setSettings(request: APIRequestContext | Page, values: Record<string, unknown>) {
  const api = 'request' in request ? request.request : request
  const res = await api.put('/__e2e/settings', { data: values })
  expect(res.status(), `set settings ${Object.keys(values).join(', ')}`).toBe(204)
}

/**
 * Confirmed members with a photo, made through the browser-test hook: the swipe game and the match finder propose
 * only members who can like back (issue 28), and a test needs several without signing each up in the browser.
 */
export async function membersWithPhotos(
  request: APIRequestContext | Page,
  opts: { count: number; gender: 'male' | 'female'; country: string; prefix: string; age?: number },
): Promise<number[]> {
  const api = 'request' in request ? request.request : request
  const res = await api.post('/__e2e/members', { data: { ...opts, birthDate: isoDateYearsAgo(opts.age ?? 30) } })
  expect(res.status(), 'make members with photos').toBe(201)
  return ((await res.json()) as { ids: number[] }).ids
}

type OperatorKey = keyof typeof operatorsDemo
type WorkerFixtures = { annaState: StorageState; benState: StorageState; operatorStates: Partial<Record<OperatorKey, StorageState>> }
type TestFixtures = {
  /** A page in a fresh context logged in as Anna (session made once per worker). */
  annaPage: Page
  /** A page in a fresh context logged in as Ben (session made once per worker). */
  benPage: Page
  /** A page in a fresh context logged in to the console as a demo operator (session made once per worker). */
  operatorPage: (who: OperatorKey) => Promise<Page>
  /** Opens another browser context with the project's options (baseURL, …). */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>
}

async function stateFor(browser: Browser, baseURL: string | undefined, user: Credentials): Promise<StorageState> {
  const context = await browser.newContext({ baseURL })
  await skipEntryWarning(context, baseURL)
  const page = await context.newPage()
  await login(page, user)
  const state = await context.storageState()
  await context.close()
  return state
}

/**
 * Every page of the suite runs under the site's Content-Security-Policy (server/security-headers.server.ts): a
 * script, style or connection that the policy refuses shows as a console message, and fails the test that caused it.
 */
function watchPolicyViolations(context: BrowserContext): () => void {
  const seen: string[] = []
  context.on('console', (m) => {
    if (/Content Security Policy|Permissions-Policy/i.test(m.text())) seen.push(`${m.page()?.url() ?? ''}: ${m.text()}`)
  })
  return () => expect(seen, 'Content-Security-Policy or Permissions-Policy violations').toEqual([])
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Every test comes from its own client address: the per-address limits (signups an hour, logins, the console's
  // login, reset e-mails) count per test, so one test that fails and retries cannot use up the budget of the next.
  extraHTTPHeaders: async ({}, use) => use(clientAddressHeaders()),
  context: async ({ context, baseURL }, use) => {
    await skipEntryWarning(context, baseURL)
    const checkPolicies = watchPolicyViolations(context)
    await use(context)
    checkPolicies()
  },
  // Log in through the form once per worker; every test then gets its own context with that session cookie.
  annaState: [async ({ browser }, use, workerInfo) => use(await stateFor(browser, workerInfo.project.use.baseURL, anna)), { scope: 'worker' }],
  benState: [async ({ browser }, use, workerInfo) => use(await stateFor(browser, workerInfo.project.use.baseURL, ben)), { scope: 'worker' }],
  newContext: async ({ browser, baseURL, extraHTTPHeaders }, use) => {
    const opened: BrowserContext[] = []
    const checks: (() => void)[] = []
    await use(async (options) => {
      const context = await browser.newContext({ baseURL, extraHTTPHeaders, ...options })
      await skipEntryWarning(context, baseURL)
      checks.push(watchPolicyViolations(context))
      opened.push(context)
      return context
    })
    await Promise.all(opened.map((c) => c.close()))
    for (const check of checks) check()
  },
  operatorStates: [async ({}, use) => use({}), { scope: 'worker' }],
  operatorPage: async ({ newContext, operatorStates }, use) => {
    await use(async (who) => {
      if (!operatorStates[who]) {
        const context = await newContext()
        const page = await context.newPage()
        await operatorLogin(page, operatorsDemo[who])
        operatorStates[who] = await context.storageState()
        await context.close()
      }
      return (await newContext({ storageState: operatorStates[who] })).newPage()
    })
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
