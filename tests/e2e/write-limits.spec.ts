import { activeMember, expect, setSettings, test, unique } from './fixtures'

test('a member who sends messages too fast is told how long to wait, and the message stays with its retry button', async ({ newContext }) => {
  const a = await activeMember(newContext, { prefix: 'fast', country: 'NL', gender: 'male', lookingFor: 'female' })
  const b = await activeMember(newContext, { prefix: 'fastb', country: 'NL', gender: 'female', lookingFor: 'male' })
  // Two messages a minute instead of 30 (app/features/settings/defaults.ts write_limits), restored afterwards.
  await setSettings(a.page, { write_limits: { messages_per_minute: 2 } })
  try {
    await a.page.goto(`/members/${b.profileId}/chat`)
    await expect(a.page.getByTestId('socket-status')).toHaveText('Live')
    const box = a.page.getByLabel('Write a message')
    for (const n of [1, 2]) {
      const text = unique(`quick ${n} `)
      await box.fill(text)
      await a.page.getByRole('button', { name: 'Send', exact: true }).click()
      await expect(a.page.getByTestId('chat-message').filter({ hasText: text })).not.toContainText('Sending…')
    }
    const third = unique('one too many ')
    await box.fill(third)
    await a.page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(a.page.getByTestId('chat-notice')).toHaveText(/^You are sending messages too fast\. Please wait \d+ seconds? and try again\.$/)
    const refused = a.page.getByTestId('chat-message').filter({ hasText: third })
    await expect(refused.getByRole('button', { name: 'Retry' })).toBeVisible()
    // Nothing reached the partner.
    await b.page.goto(`/members/${a.profileId}/chat`)
    await expect(b.page.getByTestId('chat-message')).toHaveCount(2)
  } finally {
    await setSettings(a.page, { write_limits: null })
  }
})

test('an SVG named like a photo is refused with a clear text and not added', async ({ newContext }) => {
  const a = await activeMember(newContext, { prefix: 'svgup', country: 'NL', gender: 'female', lookingFor: 'male' })
  await a.page.goto('/profile')
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><script>alert(1)</script></svg>'
  await a.page.getByLabel('Choose photos').setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(svg) })
  const upload = a.page.getByTestId('upload').filter({ hasText: 'holiday.jpg' })
  await expect(upload.getByRole('alert')).toHaveText('This file is not a picture we can use. Please choose a JPEG, PNG or WebP image.')
  await expect(a.page.getByTestId('own-photo')).toHaveCount(0)
})
