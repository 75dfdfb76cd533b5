import { describe, expect, it } from 'vitest'
import { getViewer } from '#app/features/authentication/viewer.server'
import { sendMessage } from '#app/features/chat/send-message.server'
import { createMember } from '../../tests/setup/factories'
import { useTestDatabase } from '../../tests/setup/test-db'
import * as exportRoute from './notifications-export'

useTestDatabase()

describe('GET /notifications/export', () => {
  it('streams the member’s data as a JSON download', async () => {
    const me = await createMember({ name: 'Streamer' })
    const other = await createMember({ gender: 'male' })
    const sent = await sendMessage({ senderId: me.profileId, toProfileId: other.profileId, clientId: crypto.randomUUID(), body: 'Hello there' })
    expect(sent.ok).toBe(true)
    const context = { viewer: await getViewer(me.userId), sessionToken: null, clientIp: '10.1.1.1' }
    const res = (await exportRoute.loader({ request: new Request('http://localhost/notifications/export'), context, params: {} } as never)) as Response
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/)
    expect(res.body).toBeInstanceOf(ReadableStream)
    const body = (await res.json()) as { profile: { name: string }; conversations: { with_profile_id: number; messages: { body: string; from_me: boolean }[] }[] }
    expect(body.profile.name).toBe('Streamer')
    expect(body.conversations).toEqual([{ with_profile_id: other.profileId, messages: [expect.objectContaining({ body: 'Hello there', from_me: true })] }])
  })
})
