import { describe, expect, it } from 'vitest'
import { action } from './lang-config'

const post = (body: Record<string, string>) =>
  new Request('http://localhost/lang-config', {
    method: 'POST',
    body: new URLSearchParams(body),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  })

describe('POST /lang-config', () => {
  // A returned refusal became the page's action data, which the page reads as a rate refusal: the render failed
  // with a 500 (npm run scan). A language the site does not have is a bad request, answered as one.
  it('refuses a missing or unknown language with a thrown 400', async () => {
    const bodies: Record<string, string>[] = [{ redirectTo: '/members' }, { language: 'xx', redirectTo: '/members' }]
    for (const body of bodies) {
      await expect(action({ request: post(body), context: { viewer: null }, params: {} } as unknown as Parameters<typeof action>[0])).rejects.toMatchObject({
        status: 400,
      })
    }
  })

  it('sets the language cookie and redirects', async () => {
    const thrown = await action({ request: post({ language: 'de', redirectTo: '/pricing' }), context: { viewer: null }, params: {} } as unknown as Parameters<
      typeof action
    >[0]).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(302)
    expect((thrown as Response).headers.get('location')).toBe('/pricing')
    expect((thrown as Response).headers.get('set-cookie')).toContain('=de')
  })
})
