import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { getViewer } from '#app/features/authentication/viewer.server'
import { createMember } from '../../../tests/setup/factories'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { jpeg, svg, zip } from '../../../tests/setup/upload-fixtures'
import * as photosApi from './photos.php'

useTestDatabase()

/** Every file under the media folders (public, private, temporary). */
function mediaFiles(): string[] {
  return ['uploads', 'uploads-private', 'uploads-tmp'].flatMap((area) => {
    const dir = path.join(process.env.DATA_DIR!, area)
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((n) => `${area}/${n}`) : []
  })
}

describe('POST /api/photos.php refusals', () => {
  it('answers with a clear text in the member’s language ', async () => {
    const m = await createMember()
    const context = { viewer: await getViewer(m.userId), sessionToken: null, clientIp: '10.0.0.1' }
    const post = async (file: File, lang = 'en') => {
      const form = new FormData()
      form.set('photo', file)
      const request = new Request('http://localhost/api/photos.php', { method: 'POST', body: form, headers: { Cookie: `i18n_redirected=${lang}` } })
      const res = (await photosApi.action({ request, context, params: {} } as never)) as Response
      return { status: res.status, body: (await res.json()) as { error: string; message: string } }
    }
    // An SVG dressed up as a JPEG: its name and type say photo, its bytes say otherwise.
    const before = mediaFiles()
    expect(await post(new File([new Uint8Array(svg)], 'photo.jpg', { type: 'image/jpeg' }))).toEqual({
      status: 422,
      body: { error: 'not_image', message: 'This file is not a picture we can use. Please choose a JPEG, PNG or WebP image.' },
    })
    expect(await post(new File([new Uint8Array(Buffer.concat([await jpeg(), zip()]))], 'holiday.jpg', { type: 'image/jpeg' }), 'de')).toEqual({
      status: 422,
      body: { error: 'hidden_data', message: 'Diese Datei enthält mehr als ein Bild (versteckte Daten oder Code). Bitte wähle ein gewöhnliches Foto.' },
    })
    expect((await post(new File([new Uint8Array(await jpeg(13_000, 200))], 'wide.jpg', { type: 'image/jpeg' }))).body.message).toBe(
      'This picture is too wide or too tall. Please choose one of at most 12,000 pixels on each side.',
    )
    expect(mediaFiles()).toEqual(before)
  })
})
