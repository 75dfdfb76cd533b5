import type { Page } from '@playwright/test'
import { activeMember, expect, expectNoSeriousA11yViolations, jpeg, resultCards, test, unique } from './fixtures'

/** Buys the 125-credit bundle through the sandbox page (the first purchase also makes the member Premium). */
async function buyCredits(page: Page) {
  await page.goto('/credits')
  await page.getByTestId('bundle-m').locator('input[type=radio]').check()
  await page.getByTestId('method-ideal').locator('input[type=radio]').check()
  await page.getByTestId('credits-continue').click()
  await page.getByTestId('pay').click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_/)
  await page.getByTestId('sandbox-paid').click()
  await expect(page.getByTestId('payment-completed')).toBeVisible({ timeout: 20_000 })
}

/** Opens the chat with a profile and waits for the live socket. */
async function openChat(page: Page, profileId: number) {
  await page.goto(`/members/${profileId}/chat`)
  await expect(page.getByTestId('socket-status')).toHaveText('Live')
}

async function send(page: Page, text: string) {
  await page.getByLabel('Write a message').fill(text)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByTestId('chat-message').filter({ hasText: text })).toHaveCount(1)
  await expect(page.getByTestId('chat-message').filter({ hasText: text })).not.toContainText('Sending…')
}

test('a free member uses the free messages, hits the credit wall, buys, and the kept message goes out', async ({ newContext }) => {
  const a = await activeMember(newContext, { prefix: 'wall', country: 'NL', gender: 'male', lookingFor: 'female' })
  const b = await activeMember(newContext, { prefix: 'wallb', country: 'NL', gender: 'female', lookingFor: 'male' })

  // A fictional profile shows its disclosure where the send box would be.
  await a.page.goto('/members')
  const fictionalHref = await resultCards(a.page)
    .filter({ has: a.page.getByTestId('fictional-badge') })
    .first()
    .getByRole('link')
    .first()
    .getAttribute('href')
  await a.page.goto(`${fictionalHref}/chat`)
  await expect(a.page.getByTestId('fictional-no-messages')).toBeVisible()
  await expect(a.page.getByLabel('Write a message')).toHaveCount(0)

  await openChat(b.page, a.profileId)
  await openChat(a.page, b.profileId)
  await expect(a.page.getByTestId('free-left')).toHaveText('3 free messages left')
  await expect(a.page.getByTestId('send-cost')).toHaveText('Free')
  for (const n of [1, 2, 3]) await send(a.page, unique(`free ${n} `))
  // Read receipts are Premium: B has the chat open, so all three are delivered, and one hint (on the last) says so,
  // not a lock on every message (issue 28).
  await expect(a.page.getByTestId('delivery-state')).toHaveCount(3)
  for (const state of await a.page.getByTestId('delivery-state').all()) await expect(state).toHaveAttribute('data-state', 'delivered')
  await expect(a.page.getByTestId('read-receipts-locked')).toHaveCount(1)
  await expect(a.page.getByTestId('chat-message').last().getByTestId('read-receipts-locked')).toHaveCount(1)
  await expect(a.page.getByTestId('free-left')).toHaveCount(0)
  await expect(a.page.getByTestId('send-cost')).toHaveText('10 credits')

  const kept = unique('Worth paying for ')
  await a.page.getByLabel('Write a message').fill(kept)
  await a.page.getByRole('button', { name: 'Send', exact: true }).click()
  const wall = a.page.getByTestId('credit-wall')
  await expect(wall).toContainText(`You do not have enough credits to send this message to ${b.user.name}.`)
  await expect(a.page.getByLabel('Write a message')).toHaveValue(kept)
  await expect(a.page.getByTestId('chat-message').filter({ hasText: kept })).toHaveCount(0)
  await expectNoSeriousA11yViolations(a.page)

  await wall.getByRole('link', { name: 'Buy credits' }).click()
  await expect(a.page).toHaveURL(/\/credits$/)
  await buyCredits(a.page)

  await openChat(a.page, b.profileId)
  await expect(a.page.getByLabel('Write a message')).toHaveValue(kept)
  await expect(a.page.getByTestId('chat-balance')).toHaveText('You have 125 credits')
  await a.page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(a.page.getByTestId('chat-message').filter({ hasText: kept })).not.toContainText('Sending…')
  await expect(a.page.getByTestId('chat-balance')).toHaveText('You have 115 credits')
  await expect(b.page.getByTestId('chat-message').filter({ hasText: kept })).toBeVisible()
})

test('icebreakers, typing, read receipts, a gift and a photo, live on both sides', async ({ newContext }) => {
  const a = await activeMember(newContext, { prefix: 'gift', country: 'NL', gender: 'male', lookingFor: 'female' })
  const b = await activeMember(newContext, { prefix: 'giftb', country: 'NL', gender: 'female', lookingFor: 'male' })
  await buyCredits(a.page)

  // An empty conversation offers opening lines; one click puts one in the box.
  await openChat(a.page, b.profileId)
  await a.page.getByTestId('icebreaker-button').click()
  const line = a.page.getByTestId('icebreakers').getByRole('button').first()
  const lineText = (await line.textContent())!
  await line.click()
  await expect(a.page.getByLabel('Write a message')).toHaveValue(lineText)
  await a.page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(a.page.getByTestId('chat-message').filter({ hasText: lineText })).not.toContainText('Sending…')

  // The partner opens the chat: the Premium sender sees the message read.
  await openChat(b.page, a.profileId)
  await expect(b.page.getByTestId('chat-message').filter({ hasText: lineText })).toBeVisible()
  await expect(a.page.getByTestId('delivery-state').last()).toHaveAttribute('data-state', 'read')

  await a.page.getByLabel('Write a message').pressSequentially('Typing something')
  await expect(b.page.getByTestId('chat-subtitle')).toHaveText(`${a.user.name} is typing…`)

  await a.page.getByTestId('gift-button').click()
  await a.page.getByRole('button', { name: 'Send Red rose' }).click()
  await expect(b.page.locator('[data-testid=chat-message][data-kind=gift]')).toContainText(`${a.user.name} sent you a gift: Red rose`)
  await expect(a.page.getByTestId('chat-balance')).toHaveText('You have 95 credits')

  await a.page.getByTestId('photo-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await jpeg(30, 160, 90) })
  const photo = b.page.locator('[data-testid=chat-message][data-kind=photo] img')
  await expect(photo).toBeVisible()
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(a.page.getByTestId('chat-balance')).toHaveText('You have 85 credits')

  // Photos are a Premium chat feature: the free partner is told so.
  await b.page.getByTestId('photo-button').click()
  await expect(b.page.getByTestId('premium-only')).toContainText('This feature is only available for premium members')
  await expect(b.page.getByTestId('premium-only').getByRole('link', { name: 'Get Premium' })).toHaveAttribute('href', '/premium')
  await expectNoSeriousA11yViolations(b.page)

  // A received message with a phone number brings a safety tip with a one-click report.
  await b.page.getByTestId('premium-only').getByRole('button', { name: 'Close' }).click()
  await send(b.page, 'Text me on +31 6 12345678 tonight')
  const tip = a.page.getByTestId('chat-message').filter({ hasText: '+31 6 12345678' }).getByTestId('safety-tip')
  await expect(tip).toContainText('This message contains a phone number.')
  await tip.getByRole('button', { name: 'Report this message' }).click()
  await expect(tip).toContainText("Thank you. We'll look into this message.")
})

test('older messages load on scroll, and the place in the conversation is kept', async ({ benPage: page }) => {
  await page.goto('/chats')
  await page
    .getByTestId('chat-list')
    .getByRole('link', { name: /^Anna,/ })
    .click()
  await expect(page.getByTestId('socket-status')).toHaveText('Live')
  const bubbles = page.getByTestId('chat-messages').getByTestId('chat-message')
  await expect(bubbles).toHaveCount(50)
  const first = (await bubbles.first().textContent())!
  await page.getByTestId('chat-messages').evaluate((el) => el.scrollTo({ top: 0 }))
  await expect(page.getByTestId('chat-messages')).toContainText('Good morning! First coffee of the day already?')
  expect(await bubbles.count()).toBeGreaterThan(50)
  // The message that was at the top is still in view: the older page went in above it.
  await expect(bubbles.filter({ hasText: first })).toBeInViewport()
  await expect(page.getByTestId('chat-messages')).toContainText('This is the beginning of your conversation.')
})
