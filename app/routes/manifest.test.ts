import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { getSettings } from '#app/features/settings/settings.server'
import { useTestDatabase } from '../../tests/setup/test-db'
import { loader, MANIFEST_ICONS, THEME_COLOR, webManifest } from './manifest'

useTestDatabase()

type Manifest = ReturnType<typeof webManifest>

describe('the web app manifest (/manifest.webmanifest)', () => {
  it('answers the site name, start on the members page, standalone, theme colours and the language of the visitor', async () => {
    const res = (await loader({
      request: new Request('http://localhost/manifest.webmanifest', { headers: { cookie: 'i18n_redirected=de' } }),
      params: {},
      context: { viewer: null, sessionToken: null, clientIp: '10.0.0.1' },
    } as never)) as Response
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/^application\/manifest\+json/)
    const m = (await res.json()) as Manifest
    const { name } = await getSettings()
    expect(m).toMatchObject({ name, start_url: '/members', scope: '/', display: 'standalone', theme_color: THEME_COLOR, background_color: '#ffffff' })
    expect(m.short_name.length).toBeGreaterThan(0)
    expect(m.short_name.length).toBeLessThanOrEqual(12)
    expect(m.lang).toBe('de')
  })

  it('shortens a long site name for the home screen', () => {
    expect(webManifest({ name: 'A very long dating site name', lang: 'en' }).short_name).toBe('A very long')
    expect(webManifest({ name: 'Amoura', lang: 'nl' })).toMatchObject({ short_name: 'Amoura', lang: 'nl' })
  })

  it('declares icons of 192 and 512 pixels and a maskable one, which exist in public/ with those sizes', async () => {
    const icons = webManifest({ name: 'x', lang: 'en' }).icons
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
    for (const icon of [...MANIFEST_ICONS, { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]) {
      const file = path.resolve('public', icon.src.slice(1))
      expect(fs.existsSync(file), file).toBe(true)
      const meta = await sharp(file).metadata()
      expect(meta.format).toBe('png')
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes)
    }
  })
})
