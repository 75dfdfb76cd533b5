import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { createAvatar } from '@dicebear/core'
import { lorelei, personas } from '@dicebear/collection'
import sharp from 'sharp'

type AvatarSet = { full: Buffer; thumb: Buffer; match: Buffer; blurred: Buffer }
const SIZES = ['full', 'thumb', 'match', 'blurred'] as const

// Change when the drawing or its sizes change: the cached renderings of the old version are then not used.
const RENDERING = 'v3'

/** Who the drawing shows: it must not contradict the profile beside it (issue 27). */
export interface AvatarSubject {
  gender: 'male' | 'female'
  age: number
}

/**
 * Offline demo avatars: a DiceBear illustration rendered to WebP by sharp, in the three sizes a real upload gets
 * (full, thumbnail, match). Nothing is fetched from the network. Rendering 300 of them took most of a demo seed's
 * 26 s, so each rendering is kept in a cache folder (DEMO_AVATAR_CACHE, by default node_modules/.cache) and the
 * next install, test server or CI step reads it back; a cache that cannot be read or written is only slower.
 */
export async function renderAvatar(seed: string, subject: AvatarSubject): Promise<AvatarSet> {
  const dir = process.env.DEMO_AVATAR_CACHE || path.resolve('node_modules/.cache/demo-avatars')
  const band = ageBand(subject.age)
  const key = createHash('sha256').update(`${RENDERING}\n${subject.gender}\n${band}\n${seed}`).digest('hex').slice(0, 24)
  const files = SIZES.map((size) => path.join(dir, `${key}-${size}.webp`))
  const cached = await Promise.all(files.map((f) => fs.readFile(f))).catch(() => null)
  if (cached) return { full: cached[0], thumb: cached[1], match: cached[2], blurred: cached[3] }
  const set = await draw(seed, subject)
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

type AgeBand = 'young' | 'middle' | 'older'

function ageBand(age: number): AgeBand {
  return age < 40 ? 'young' : age < 55 ? 'middle' : 'older'
}

const PALETTE = ['ffd5dc', 'ffdfbf', 'c0aede', 'd1d4f9', 'b6e3f4', 'fde68a']
// Hair colours by age: dark, brown, auburn and blond; then some grey among them; then grey and silver.
const HAIR: Record<AgeBand, string[]> = {
  young: ['2c1b18', '4a312c', '724133', 'a55728', 'b58143', 'd6b370'],
  middle: ['2c1b18', '4a312c', '724133', 'b58143', '8d8d8d', 'a7a7a7'],
  older: ['9e9e9e', 'b8b8b8', 'cfcfcf', 'e2e2e2'],
}
// Men's haircuts by age (personas): thinning and bald ones come with the years.
const MEN_HAIR: Record<AgeBand, string[]> = {
  young: ['buzzcut', 'fade', 'curlyHighTop', 'curly', 'shortComboverChops', 'cap'],
  middle: ['shortCombover', 'buzzcut', 'fade', 'balding', 'curly', 'shortComboverChops'],
  older: ['balding', 'bald', 'shortCombover', 'buzzcut'],
}

/**
 * The DiceBear style and options for a profile (issue 27: "Lars, 57" drawn as a young woman, "Léa, 36" with a full
 * beard): a style per gender (lorelei for women, personas for men, without its pacifier and lipstick mouths), no
 * beards on women, and the age in the hair (grey from the middle years, thinning for men) and in more glasses and
 * beards with the years.
 */
export function avatarOptions(subject: AvatarSubject) {
  const band = ageBand(subject.age)
  const glassesProbability = { young: 10, middle: 35, older: 60 }[band]
  const hairColor = HAIR[band]
  if (subject.gender === 'female')
    return {
      style: 'lorelei' as const,
      options: { backgroundColor: PALETTE, beardProbability: 0, hairColor, glassesProbability, frecklesProbability: band === 'young' ? 20 : 0 },
    }
  const eyes = band === 'young' ? ['open', 'happy', 'wink'] : band === 'middle' ? ['open', 'happy', 'glasses'] : ['open', 'glasses', 'glasses']
  return {
    style: 'personas' as const,
    options: {
      backgroundColor: PALETTE,
      hair: MEN_HAIR[band],
      hairColor,
      mouth: ['smile', 'bigSmile', 'smirk'],
      eyes,
      facialHairProbability: band === 'young' ? 25 : 45,
    },
  }
}

async function draw(seed: string, subject: AvatarSubject): Promise<AvatarSet> {
  const { style, options } = avatarOptions(subject)
  const svg = (style === 'lorelei' ? createAvatar(lorelei, { seed, ...options }) : createAvatar(personas, { seed, ...(options as object) })).toString()
  const base = sharp(Buffer.from(svg), { density: 144 }).resize(600, 600)
  const full = await base.clone().webp({ quality: 78 }).toBuffer()
  const [thumb, match, blurred] = await Promise.all([
    sharp(full).resize(160, 160).webp({ quality: 75 }).toBuffer(),
    sharp(full).resize(400, 400).webp({ quality: 76 }).toBuffer(),
    sharp(full).resize(300, 300).blur(25).webp({ quality: 60 }).toBuffer(),
  ])
  return { full, thumb, match, blurred }
}
