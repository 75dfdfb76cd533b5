import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiJson, isAuthenticationRequired } from './api-client'

afterEach(() => {
  vi.unstubAllGlobals()
})

function stubLocation() {
  const assign = vi.fn()
  vi.stubGlobal('location', { pathname: '/chats', search: '?x=1', assign })
  return assign
}

describe('isAuthenticationRequired', () => {
  it('is a 403 whose body says authentication_required', () => {
    expect(isAuthenticationRequired(403, { error: 'authentication_required' })).toBe(true)
    expect(isAuthenticationRequired(403, { error: 'forbidden' })).toBe(false)
    expect(isAuthenticationRequired(401, { error: 'authentication_required' })).toBe(false)
    expect(isAuthenticationRequired(403, null)).toBe(false)
  })
})

describe('apiJson', () => {
  it('retries a 503 and returns the JSON body', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response('{"error":"unavailable"}', { status: 503, headers: { 'Retry-After': '0' } }))
      .mockResolvedValueOnce(Response.json({ chats: [] }))
    vi.stubGlobal('fetch', fetch)
    const r = await apiJson<{ chats: unknown[] }>('/api/chats.php')
    expect(r).toEqual({ ok: true, status: 200, body: { chats: [] } })
    expect(fetch).toHaveBeenCalledTimes(2)
    const init = fetch.mock.calls[0][1] as RequestInit
    expect(new Headers(init.headers).get('Accept')).toBe('application/json')
    expect(init.credentials).toBe('same-origin')
  })

  it('goes to the login and resolves false when the session is gone', async () => {
    const assign = stubLocation()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'authentication_required' }, { status: 403 })),
    )
    expect(await apiJson('/api/chats.php')).toBe(false)
    expect(assign).toHaveBeenCalledWith('/login?redirectTo=%2Fchats%3Fx%3D1')
  })

  it('does not log out on the user call, nor on other 4xx', async () => {
    const assign = stubLocation()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'authentication_required' }, { status: 403 })),
    )
    expect(await apiJson('/api/user.php?push=1', { method: 'POST' })).toMatchObject({ ok: false, status: 403 })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'not_found' }, { status: 404 })),
    )
    expect(await apiJson('/api/chats.php')).toMatchObject({ ok: false, status: 404 })
    expect(assign).not.toHaveBeenCalled()
  })
})
