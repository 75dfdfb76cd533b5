import type { Locator, Page } from '@playwright/test'
import { activeMember, expect, expectNoSeriousA11yViolations, openAccountMenu, ownProfileId, signupMember, test } from './fixtures'

// Issue 27, the design pass: the attention budget, the phone's tab bar, prices and labels that do not break, the
// growing message box, dark mode and the focus ring, at a phone's 390×844 and a laptop's 1280×800.
const phone = { width: 390, height: 844 }
const laptop = { width: 1280, height: 800 }

/** The colour of a CSS colour string as [r, g, b] (the browser gives computed colours as rgb()/rgba()). */
function rgb(css: string): [number, number, number] {
  const m = css.match(/[\d.]+/g)
  if (!m) throw new Error(`not a colour: ${css}`)
  return [Number(m[0]), Number(m[1]), Number(m[2])]
}
function luminance([r, g, b]: [number, number, number]) {
  const c = [r, g, b].map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4))
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
}
function contrast(a: string, b: string) {
  const [x, y] = [luminance(rgb(a)), luminance(rgb(b))].sort((p, q) => q - p)
  return (x + 0.05) / (y + 0.05)
}

/** Visible alerts of the page's main part that start within the first screen. */
async function bannersInFirstScreen(page: Page): Promise<number> {
  return page.evaluate(() => {
    const h = window.innerHeight
    return [...document.querySelectorAll('main .alert, main [role="region"].alert')].filter((el) => {
      const r = el.getBoundingClientRect()
      return r.height > 0 && r.top < h && getComputedStyle(el).display !== 'none'
    }).length
  })
}

/** Nothing is drawn over the element: the point at its centre, once scrolled into view, belongs to it. */
async function expectUncovered(target: Locator, what: string) {
  await target.scrollIntoViewIfNeeded()
  const covered = await target.evaluate((el) => {
    const r = el.getBoundingClientRect()
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    return hit && (el === hit || el.contains(hit)) ? null : (hit?.outerHTML.slice(0, 120) ?? 'nothing')
  })
  expect(covered, `${what} is covered by`).toBeNull()
}

test('a new member’s phone: one banner at most, a whole profile card in the first screen, nothing over the buttons', async ({ newContext }) => {
  const page = await (await newContext({ viewport: phone })).newPage()
  await signupMember(page, { prefix: 'designnew', gender: 'male', lookingFor: 'female' })
  await page.goto('/members')
  const card = page.getByTestId('profile-card').first()
  await expect(card).toBeVisible()
  expect(await bannersInFirstScreen(page), 'banners in the first screen').toBeLessThanOrEqual(1)
  const box = (await card.boundingBox())!
  const tabBar = (await page.getByTestId('member-tabs').boundingBox())!
  expect(box.y + box.height, 'the first card ends above the tab bar in the first screen').toBeLessThanOrEqual(tabBar.y)
  // The prompts come after the page's content, in its flow: they float over nothing.
  expect(await page.getByTestId('alert-dock').evaluate((el) => getComputedStyle(el).position)).toBe('static')

  // A profile's and the swipe game's buttons are free to tap.
  await card.getByRole('link').first().click()
  await expect(page).toHaveURL(/\/members\/\d+/)
  for (const name of [/^Like/, /Block/, /Report/]) {
    const button = page.getByRole('button', { name }).first()
    if (await button.count()) await expectUncovered(button, `the profile's ${name} button`)
  }
  await page.goto('/swipe-game')
  for (const name of ['Skip', 'Like']) {
    const button = page.getByRole('button', { name, exact: true })
    if (await button.count()) await expectUncovered(button, `the swipe game's ${name} button`)
  }
})

test('the phone’s tab bar: four labelled tabs of at least 48 px with their badges; the laptop keeps the header links', async ({ newContext }) => {
  const { page, profileId } = await activeMember(newContext, { prefix: 'designtabs', gender: 'female', lookingFor: 'male' })
  const writer = await activeMember(newContext, { prefix: 'designwriter', gender: 'male', lookingFor: 'female' })
  await writer.page.goto(`/members/${profileId}/chat`)
  await expect(writer.page.getByTestId('socket-status')).toHaveText('Live')
  await writer.page.getByLabel('Write a message').fill('Hello from the tab bar test')
  await writer.page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(writer.page.getByTestId('chat-message').filter({ hasText: 'Hello from the tab bar test' })).not.toContainText('Sending…')

  await page.setViewportSize(phone)
  await page.goto('/members')
  const tabs = page.getByTestId('member-tabs')
  expect(await tabs.evaluate((el) => getComputedStyle(el).position)).toBe('fixed')
  const links = tabs.getByRole('link')
  await expect(links).toHaveCount(4)
  for (const [i, label] of ['Search', 'Messages', 'Likes', 'Get Premium'].entries()) {
    const link = links.nth(i)
    await expect(link).toContainText(label)
    const b = (await link.boundingBox())!
    await expect(link.locator('.member-tab-label:visible')).toHaveCount(1)
    const text = (await link.locator('.member-tab-label:visible').boundingBox())!
    expect(text.x >= b.x && text.x + text.width <= b.x + b.width, `the ${label} label within its tab`).toBe(true)
    expect(b.height, `${label} tab height`).toBeGreaterThanOrEqual(48)
    expect(b.width, `${label} tab width`).toBeGreaterThanOrEqual(48)
    expect(b.y + b.height, `${label} tab at the bottom`).toBeGreaterThan(phone.height - 2)
  }
  // The unread badge sits on its own tab.
  const messages = page.getByTestId('nav-messages')
  const badge = messages.getByTestId('badge-nav.unreadMessages')
  await expect(badge).toHaveText(/^1/)
  const [tab, mark] = [(await messages.boundingBox())!, (await badge.boundingBox())!]
  expect(mark.x >= tab.x && mark.x + mark.width <= tab.x + tab.width, 'the badge within its tab').toBe(true)
  // The page's end is not hidden behind the bar.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
  await expectUncovered(page.getByRole('contentinfo').getByRole('link').last(), 'the last footer link')
  // The language menu moved to the footer: the header has the room.
  await expect(page.getByRole('banner').locator('form[action="/lang-config"]')).toHaveCount(0)
  await expect(page.getByRole('contentinfo').locator('summary')).toBeVisible()

  await page.setViewportSize(laptop)
  expect(await tabs.evaluate((el) => getComputedStyle(el).position)).toBe('static')
  const header = (await page.getByRole('banner').boundingBox())!
  const search = (await links.first().boundingBox())!
  expect(search.y + search.height, 'the links are in the header').toBeLessThanOrEqual(header.y + header.height)
})

test('prices and button labels stay on one line on a phone', async ({ newContext }) => {
  const { page } = await activeMember(newContext, { prefix: 'designprice' })
  await page.setViewportSize({ width: 360, height: 740 })
  for (const path of ['/credits', '/premium']) {
    await page.goto(path)
    const prices = page.getByTestId('bundle-list').locator('.text-nowrap')
    expect(await prices.count(), `prices on ${path}`).toBeGreaterThan(0)
    const broken = await prices.evaluateAll((els) => els.filter((el) => el.getClientRects().length > 1).map((el) => el.textContent))
    expect(broken, `prices broken over two lines on ${path}`).toEqual([])
  }
  // A package's credits ("125 credits") on one line, inside its card.
  await page.goto('/credits')
  const credits = page.getByTestId('bundle-credits')
  expect(await credits.count()).toBeGreaterThan(0)
  const out = await credits.evaluateAll((els) =>
    els
      .filter((el) => {
        const card = el.closest('.card')!.getBoundingClientRect()
        const r = el.getBoundingClientRect()
        return el.getClientRects().length > 1 || r.right > card.right || r.left < card.left
      })
      .map((el) => el.textContent),
  )
  expect(out, 'credits broken over two lines or out of their card').toEqual([])
})

test('the message box grows to five lines; the send button is at least 44 px and says what a send costs', async ({ newContext, annaPage }) => {
  const { page } = await activeMember(newContext, { prefix: 'designchat', gender: 'male', lookingFor: 'female' })
  await page.setViewportSize(phone)
  await page.goto(`/members/${await ownProfileId(annaPage)}/chat`)
  const box = page.getByLabel('Write a message')
  const send = page.getByRole('button', { name: 'Send', exact: true })
  await expect(page.getByTestId('socket-status')).toHaveText('Live')
  const one = (await box.boundingBox())!.height
  expect((await send.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  await expect(send).toContainText('Send')
  await expect(send).toContainText(/Free|credit/)
  await box.fill('one\ntwo\nthree')
  await expect.poll(async () => (await box.boundingBox())!.height).toBeGreaterThan(one * 2)
  await box.fill(Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n'))
  const lineHeight = await box.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight))
  const tall = (await box.boundingBox())!.height
  expect(tall, 'five lines and no more').toBeLessThanOrEqual(lineHeight * 5 + 24)
  expect(tall).toBeGreaterThanOrEqual(lineHeight * 5)
  // One's own bubbles: a soft tint, and no wider than about 560 px on a laptop.
  await box.fill('A longer message to see how wide one of my own bubbles gets on a laptop screen. '.repeat(4))
  await send.click()
  await page.setViewportSize(laptop)
  const mine = page.locator('.chat-bubble.mine').last()
  await expect(mine).toBeVisible()
  expect((await mine.boundingBox())!.width).toBeLessThanOrEqual(561)
  const bg = await mine.evaluate((el) => getComputedStyle(el).backgroundColor)
  expect(luminance(rgb(bg)), 'a light tint, not the button red').toBeGreaterThan(0.5)
})

test('Enter sends on a laptop and breaks the line on a phone, as the member chooses; Shift+Enter breaks it', async ({ newContext, annaPage }) => {
  const annaId = await ownProfileId(annaPage)
  const { page } = await activeMember(newContext, { prefix: 'enterlaptop', gender: 'male', lookingFor: 'female' })
  await page.goto(`/members/${annaId}/chat`)
  await expect(page.getByTestId('socket-status')).toHaveText('Live')
  const box = page.getByLabel('Write a message')
  const enterSends = page.getByRole('switch', { name: 'Enter sends' })
  await expect(enterSends).toBeChecked()
  await box.fill('first line')
  await box.press('Shift+Enter')
  await box.pressSequentially('second line')
  await expect(box).toHaveValue('first line\nsecond line')
  await box.press('Enter')
  await expect(page.locator('.chat-bubble.mine').last()).toContainText('second line')
  await expect(box).toHaveValue('')
  // Turned off, Enter breaks the line and sends nothing; the choice stays on this device.
  await enterSends.uncheck()
  await page.reload()
  await expect(page.getByTestId('socket-status')).toHaveText('Live')
  await expect(enterSends).not.toBeChecked()
  await box.fill('kept')
  await box.press('Enter')
  await expect(box).toHaveValue('kept\n')
  await expect(page.locator('.chat-bubble.mine')).toHaveCount(1)

  // A phone's keyboard has no Shift beside Enter: there Enter breaks the line unless the member turns it on.
  const phoneMember = await activeMember((options) => newContext({ ...options, viewport: phone, hasTouch: true, isMobile: true }), {
    prefix: 'enterphone',
    gender: 'male',
    lookingFor: 'female',
  })
  await phoneMember.page.goto(`/members/${annaId}/chat`)
  await expect(phoneMember.page.getByTestId('socket-status')).toHaveText('Live')
  await expect(phoneMember.page.getByRole('switch', { name: 'Enter sends' })).not.toBeChecked()
  await phoneMember.page.getByLabel('Write a message').fill('on a phone')
  await phoneMember.page.getByLabel('Write a message').press('Enter')
  await expect(phoneMember.page.getByLabel('Write a message')).toHaveValue('on a phone\n')
})

test('dark mode follows the device: dark page, light text, axe clean; light mode unchanged', async ({ newContext, annaPage }) => {
  // Ten pages with axe each: more than the default 45 s on a busy machine.
  test.setTimeout(120_000)
  const { page } = await activeMember(newContext, { prefix: 'designdark', gender: 'male', lookingFor: 'female' })
  const annaId = await ownProfileId(annaPage)
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const path of ['/members', `/members/${annaId}`, `/members/${annaId}/chat`, '/chats', '/credits']) {
      await page.goto(path)
      await expect(page.locator('main')).toBeVisible()
      // The chat's buttons are enabled by hydration, and their colour then moves for 0.15 s: axe must not read it
      // half-way (a newcomer's run without retries failed on the icebreaker button at 4.19:1). Live means hydrated.
      if (path.endsWith('/chat')) await expect(page.getByTestId('socket-status')).toHaveText('Live')
      const [bg, fg] = await page.evaluate(() => [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color])
      if (scheme === 'dark') {
        expect(luminance(rgb(bg)), `${path}: a dark background`).toBeLessThan(0.05)
        expect(luminance(rgb(fg)), `${path}: light text`).toBeGreaterThan(0.5)
      } else {
        expect(luminance(rgb(bg)), `${path}: a light background`).toBeGreaterThan(0.9)
      }
      await expectNoSeriousA11yViolations(page)
    }
  }
})

test('in dark mode the landers stay light as drawn, and readable; the home page turns dark', async ({ page }) => {
  test.setTimeout(90_000)
  await page.emulateMedia({ colorScheme: 'dark' })
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  // The three that turned unreadable in dark mode (dark headings on the dark page, grey on the light cards).
  for (const path of ['/landers/gallery', '/landers/socialnetwork', '/members/2/landing2']) {
    await page.goto(path)
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'light')
    expect(luminance(rgb(await background())), `${path}: a light page`).toBeGreaterThan(0.9)
    await expectNoSeriousA11yViolations(page)
  }
  await page.goto('/')
  await expect(page.locator('html')).not.toHaveAttribute('data-bs-theme', /./)
  expect(luminance(rgb(await background())), '/: the device’s dark').toBeLessThan(0.05)
})

test('the account menu sets light or dark pages against the device, kept on the account; Auto follows the device again', async ({ newContext }) => {
  const { page } = await activeMember(newContext, { prefix: 'designmode', gender: 'male', lookingFor: 'female' })
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  const pick = async (name: string) => {
    const menu = await openAccountMenu(page)
    await menu.getByTestId('color-mode-menu').getByRole('button', { name }).click()
    await expect(page).toHaveURL(/\/members/)
  }
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/members?country=')
  expect(luminance(rgb(await background()))).toBeLessThan(0.05)

  // Light on a dark device, back on the same page, and still after a reload and in another tab of the account.
  await pick('Light')
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'light')
  expect(page.url()).toContain('country=')
  expect(luminance(rgb(await background()))).toBeGreaterThan(0.9)
  await page.reload()
  expect(luminance(rgb(await background()))).toBeGreaterThan(0.9)
  const menu = await openAccountMenu(page)
  await expect(menu.getByRole('button', { name: 'Light' })).toHaveAttribute('aria-pressed', 'true')
  await menu.locator('summary').click()

  // Dark on a light device (axe in dark mode: the test above).
  await page.emulateMedia({ colorScheme: 'light' })
  await pick('Dark')
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark')
  expect(luminance(rgb(await background()))).toBeLessThan(0.05)

  // Auto: the device decides again.
  await pick('Auto')
  await expect(page.locator('html')).not.toHaveAttribute('data-bs-theme', /./)
  expect(luminance(rgb(await background()))).toBeGreaterThan(0.9)
  await page.emulateMedia({ colorScheme: 'dark' })
  expect(luminance(rgb(await background()))).toBeLessThan(0.05)
})

test('the focus ring: 2 px solid, offset, at least 3:1 against the page in both modes', async ({ annaPage: page }) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.goto('/members')
    await expect(page.getByTestId('profile-card').first()).toBeVisible()
    for (const target of [
      page.getByTestId('nav-messages'),
      page.getByRole('button', { name: /Search/ }).first(),
      page.getByTestId('profile-card').first().getByRole('link').first(),
    ]) {
      await target.focus()
      // Focused by the keyboard: Tab away and back.
      await page.keyboard.press('Shift+Tab')
      await page.keyboard.press('Tab')
      const ring = await page.evaluate(() => {
        const el = document.activeElement!
        const s = getComputedStyle(el)
        return {
          style: s.outlineStyle,
          width: s.outlineWidth,
          offset: s.outlineOffset,
          color: s.outlineColor,
          page: getComputedStyle(document.body).backgroundColor,
        }
      })
      expect(ring.style, `${scheme}: outline style`).toBe('solid')
      expect(ring.width).toBe('2px')
      expect(parseFloat(ring.offset)).toBeGreaterThanOrEqual(1)
      expect(contrast(ring.color, ring.page), `${scheme}: ring against the page`).toBeGreaterThanOrEqual(3)
    }
  }
})

test('profile cards are photo first: the name and age are written over the photo, in white', async ({ annaPage: page }) => {
  for (const size of [phone, laptop]) {
    await page.setViewportSize(size)
    await page.goto('/members')
    const card = page.getByTestId('profile-card').first()
    await expect(card).toBeVisible()
    const photo = (await card.locator('.profile-card-img').boundingBox())!
    const name = card.getByRole('heading', { level: 2 })
    await expect(name).toHaveText(/^.+, \d+/)
    const box = (await name.boundingBox())!
    expect(box.y, 'the name starts on the photo').toBeGreaterThanOrEqual(photo.y)
    expect(box.y + box.height, 'the name ends with the photo').toBeLessThanOrEqual(photo.y + photo.height + 1)
    expect(box.x).toBeGreaterThanOrEqual(photo.x - 1)
    expect(box.x + box.width).toBeLessThanOrEqual(photo.x + photo.width + 1)
    expect(await name.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)')
  }
})
