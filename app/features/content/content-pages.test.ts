import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../../../tests/setup/test-db'
import { db } from '#db/client.server'
import { companyInfo } from '#db/schema/index'
import { updateSetting } from '#app/features/settings/settings.server'
import { contentPage, ensureContentPages, footerPages, termsDate } from './content-pages.server'
import { fillPlaceholders, renderMarkdown } from './markdown.server'

useTestDatabase()

describe('renderMarkdown', () => {
  it('renders Markdown and leaves scripts, event handlers and foreign links inert', () => {
    const html = renderMarkdown(
      [
        '# Title',
        'Some **bold** and a [page](/pages/faq) and [mail](mailto:help@example.com).',
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(2)">',
        '<a href="/x" onclick="alert(3)">click</a>',
        '[evil](javascript:alert(4)) [far](https://evil.example/) [proto](//evil.example/)',
        '<iframe src="/pages/terms"></iframe><style>body{display:none}</style>',
      ].join('\n\n'),
    )
    expect(html).toContain('<h1>Title</h1>')
    expect(html).toContain('<strong>bold</strong>')
    expect(html).toContain('<a href="/pages/faq">page</a>')
    expect(html).toContain('<a href="mailto:help@example.com">mail</a>')
    for (const bad of ['<script', 'alert(1)', 'onerror', 'onclick', 'javascript:', 'evil.example', '<iframe', '<style', '<img']) expect(html).not.toContain(bad)
  })

  it('fills known placeholders and leaves unknown ones visible', () => {
    expect(fillPlaceholders('{{site_name}} by {{company_name}} {{nope}}', { site_name: 'Amoura', company_name: 'Amoura Media B.V.' })).toBe(
      'Amoura by Amoura Media B.V. {{nope}}',
    )
  })
})

describe('terms date', () => {
  it('is 2023-12-01T12:00Z at the earliest, or the company’s added date when later', () => {
    expect(termsDate('2020-01-01T00:00:00Z').toISOString()).toBe('2023-12-01T12:00:00.000Z')
    expect(termsDate('2025-05-05T10:00:00Z').toISOString()).toBe('2025-05-05T10:00:00.000Z')
  })
})

describe('content pages', () => {
  function seedDir(files: Record<string, string>): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-'))
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.join(dir, path.dirname(name)), { recursive: true })
      fs.writeFileSync(path.join(dir, name), text)
    }
    return dir
  }

  it('fills settings and company details, in the locale, falling back to English', async () => {
    await updateSetting('refund_days', 21)
    await db()
      .update(companyInfo)
      .set({ name: 'Test Media B.V.', supportPhone: '+31 20-123 45 67', added: new Date('2026-02-03T10:00:00Z') })
    const dir = seedDir({
      'en/terms.md': '# Terms of {{site_name}}\n\nValid from {{terms_date}}. {{company_name}}, {{support_phone}}, {{refund_days}} days.',
      'de/terms.md': '# AGB von {{site_name}}\n\nGültig ab {{terms_date}}.',
    })
    await ensureContentPages(dir)
    const en = await contentPage('terms', 'en')
    expect(en).toMatchObject({ title: 'Terms of Amoura', locale: 'en' })
    expect(en!.html).toContain('Valid from February 3, 2026. Test Media B.V., +31201234567, 21 days.')
    const de = await contentPage('terms', 'de')
    expect(de).toMatchObject({ title: 'AGB von Amoura', locale: 'de' })
    expect(de!.html).toContain('Gültig ab 3. Februar 2026.')
    expect((await contentPage('terms', 'fr'))?.locale).toBe('en')
    expect(await contentPage('missing', 'en')).toBeNull()
  })

  it('seeding keeps what the database already has', async () => {
    await ensureContentPages(seedDir({ 'en/faq.md': '# FAQ\n\nFirst' }))
    await ensureContentPages(seedDir({ 'en/faq.md': '# FAQ\n\nSecond' }))
    expect((await contentPage('faq', 'en'))!.html).toContain('First')
  })

  it('ships a text for every footer page in every locale', async () => {
    const dir = path.resolve('db/seed/content')
    for (const locale of ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl', 'da', 'fi', 'nb', 'sv']) {
      for (const token of footerPages) {
        const file = path.join(dir, locale, `${token}.md`)
        expect(fs.existsSync(file), file).toBe(true)
        const text = fs.readFileSync(file, 'utf8')
        expect(text.startsWith('# '), file).toBe(true)
        expect(text, file).not.toMatch(/https?:\/\//)
      }
    }
    await ensureContentPages(dir)
    const privacy = await contentPage('privacy', 'nl')
    expect(privacy?.html).not.toMatch(/\{\{[a-z_]+\}\}/)
  })
})
