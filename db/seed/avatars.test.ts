import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, expect, it } from 'vitest'
import { avatarOptions, renderAvatar } from './avatars.server'

const dirs: string[] = []
afterEach(() => {
  delete process.env.DEMO_AVATAR_CACHE
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

it('renders the four sizes once and reads them back from the cache the next time', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'avatar-cache-'))
  dirs.push(dir)
  process.env.DEMO_AVATAR_CACHE = dir
  const first = await renderAvatar('demo-1', { gender: 'female', age: 30 })
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
  expect((await renderAvatar('demo-1', { gender: 'female', age: 30 })).full.toString()).toBe('cached')
  // Another seed, gender or age is another drawing.
  await renderAvatar('demo-1', { gender: 'male', age: 30 })
  expect(fs.readdirSync(dir)).toHaveLength(8)
  await renderAvatar('demo-1', { gender: 'female', age: 61 })
  expect(fs.readdirSync(dir)).toHaveLength(12)
})

it('still renders when the cache cannot be written', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'avatar-cache-')), 'not-a-folder')
  dirs.push(path.dirname(file))
  fs.writeFileSync(file, '')
  process.env.DEMO_AVATAR_CACHE = file
  const set = await renderAvatar('demo-2', { gender: 'male', age: 30 })
  expect((await sharp(set.full).metadata()).width).toBe(600)
})

// Issue 27: the drawing must not contradict the profile beside it ("Lars, 57" drawn as a young woman, "Léa, 36" with a
// full beard).
it('draws women without beards, men in their own style, grey hair from 55 and more glasses with the years', () => {
  const greys = ['9e9e9e', 'b8b8b8', 'cfcfcf', 'e2e2e2', '8d8d8d', 'a7a7a7']
  const hair = (age: number) => (avatarOptions({ gender: 'female', age }).options as { hairColor: string[] }).hairColor
  expect(avatarOptions({ gender: 'female', age: 28 })).toMatchObject({ style: 'lorelei', options: { beardProbability: 0 } })
  expect(hair(28).some((c) => greys.includes(c))).toBe(false)
  expect(hair(47).some((c) => greys.includes(c))).toBe(true)
  expect(hair(60).every((c) => greys.includes(c))).toBe(true)
  expect(avatarOptions({ gender: 'male', age: 57 })).toMatchObject({ style: 'personas', options: { hairColor: hair(60) } })
  expect(avatarOptions({ gender: 'male', age: 24 }).options).not.toHaveProperty('hair', expect.arrayContaining(['bald']))
  const glasses = [25, 45, 65].map((age) => (avatarOptions({ gender: 'female', age }).options as { glassesProbability: number }).glassesProbability)
  const menInGlasses = [25, 45, 65].map(
    (age) => (avatarOptions({ gender: 'male', age }).options as { eyes: string[] }).eyes.filter((e) => e === 'glasses').length,
  )
  for (const share of [glasses, menInGlasses]) {
    expect(share).toEqual([...share].sort((a, b) => a - b))
    expect(share[2]).toBeGreaterThan(share[0])
  }
})
