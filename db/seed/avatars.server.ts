import { createAvatar } from '@dicebear/core'
import { lorelei, notionists } from '@dicebear/collection'
import sharp from 'sharp'

/**
 * Offline demo avatars: a DiceBear illustration rendered to WebP by sharp, in the three sizes a real upload gets
 * (full, thumbnail, match). Nothing is fetched from the network.
 */
export async function renderAvatar(seed: string, gender: 'male' | 'female'): Promise<{ full: Buffer; thumb: Buffer; match: Buffer; blurred: Buffer }> {
  const palette = ['ffd5dc', 'ffdfbf', 'c0aede', 'd1d4f9', 'b6e3f4', 'fde68a']
  const svg = (
    gender === 'female' ? createAvatar(lorelei, { seed, backgroundColor: palette }) : createAvatar(notionists, { seed, backgroundColor: palette })
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
