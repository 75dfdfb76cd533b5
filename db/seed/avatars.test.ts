import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, expect, it } from 'vitest'
import { renderAvatar } from './avatars.server'

const dirs: string[] = []
afterEach(() => {
  delete process.env.DEMO_AVATAR_CACHE
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

it('renders the four sizes once and reads them back from the cache the next time', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'avatar-cache-'))
  dirs.push(dir)
  process.env.DEMO_AVATAR_CACHE = dir
  const first = await renderAvatar('demo-1', 'female')
  expect((await sharp(first.thumb).metadata()).width).toBe(160)
  expect((await sharp(first.match).metadata()).width).toBe(400)
  const files = fs.readdirSync(dir).sort()
  expect(files).toHaveLength(4)
  // The cached copy is what is returned: change it on disk and the next rendering of that seed reads the change.
  const full = path.join(
    dir,
    files.find((f) => f.endsWith('-full.webp'))!,
  )
  fs.writeFileSync(full, Buffer.from('cached'))
  expect((await renderAvatar('demo-1', 'female')).full.toString()).toBe('cached')
  // Another seed or gender is another drawing.
  await renderAvatar('demo-1', 'male')
  expect(fs.readdirSync(dir)).toHaveLength(8)
})

it('still renders when the cache cannot be written', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'avatar-cache-')), 'not-a-folder')
  dirs.push(path.dirname(file))
  fs.writeFileSync(file, '')
  process.env.DEMO_AVATAR_CACHE = file
  const set = await renderAvatar('demo-2', 'male')
  expect((await sharp(set.full).metadata()).width).toBe(600)
})
