import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { createAvatar } from '@dicebear/core'
import { lorelei, notionists } from '@dicebear/collection'
import sharp from 'sharp'

type AvatarSet = { full: Buffer; thumb: Buffer; match: Buffer; blurred: Buffer }
const SIZES = ['full', 'thumb', 'match', 'blurred'] as const

// Change when the drawing or its sizes change: the cached renderings of the old version are then not used.
const RENDERING = 'v2'

/**
 * Offline demo avatars: a DiceBear illustration rendered to WebP by sharp, in the three sizes a real upload gets
 * (full, thumbnail, match). Nothing is fetched from the network. Rendering 300 of them took most of a demo seed's
 * 26 s, so each rendering is kept in a cache folder (DEMO_AVATAR_CACHE, by default node_modules/.cache) and the
 * next install, test server or CI step reads it back; a cache that cannot be read or written is only slower.
 */
export async function renderAvatar(seed: string, gender: 'male' | 'female'): Promise<AvatarSet> {
  const dir = process.env.DEMO_AVATAR_CACHE || path.resolve('node_modules/.cache/demo-avatars')
  const key = createHash('sha256').update(`${RENDERING}\n${gender}\n${seed}`).digest('hex').slice(0, 24)
  const files = SIZES.map((size) => path.join(dir, `${key}-${size}.webp`))
  const cached = await Promise.all(files.map((f) => fs.readFile(f))).catch(() => null)
  if (cached) return { full: cached[0], thumb: cached[1], match: cached[2], blurred: cached[3] }
  const set = await draw(seed, gender)
  await keep(dir, files, set).catch(() => {})
  return set
}

/** Written under a temporary name and renamed: two servers seeding at once never read half a file. */
async function keep(dir: string, files: string[], set: AvatarSet) {
  await fs.mkdir(dir, { recursive: true })
  await Promise.all(
    SIZES.map(async (size, i) => {
      const temp = `${files[i]}.${process.pid}.tmp`
      await fs.writeFile(temp, set[size])
      await fs.rename(temp, files[i])
    }),
  )
}

async function draw(seed: string, gender: 'male' | 'female'): Promise<AvatarSet> {
  const palette = ['ffd5dc', 'ffdfbf', 'c0aede', 'd1d4f9', 'b6e3f4', 'fde68a']
  const svg = // The drawing must not contradict the profile (issue 27: "Léa, 36" with a full beard): no beards on women, more on men.
    (
      gender === 'female'
        ? createAvatar(lorelei, { seed, backgroundColor: palette, beardProbability: 0 })
        : createAvatar(notionists, { seed, backgroundColor: palette, beardProbability: 35 })
    ).toString()
  const base = sharp(Buffer.from(svg), { density: 144 }).resize(600, 600)
  const full = await base.clone().webp({ quality: 78 }).toBuffer()
  const [thumb, match, blurred] = await Promise.all([
    sharp(full).resize(160, 160).webp({ quality: 75 }).toBuffer(),
    sharp(full).resize(400, 400).webp({ quality: 76 }).toBuffer(),
    sharp(full).resize(300, 300).blur(25).webp({ quality: 60 }).toBuffer(),
  ])
  return { full, thumb, match, blurred }
}
