import fs from 'node:fs/promises'
import path from 'node:path'

/** Public media (profile images) on local disk under DATA_DIR/uploads, served at the cdn_prefix. */
export function uploadsDir(dataDir: string): string {
  return path.resolve(dataDir, 'uploads')
}

export async function saveMedia(dataDir: string, name: string, data: Buffer): Promise<void> {
  if (!/^[a-z0-9][a-z0-9._-]*$/i.test(name) || name.includes('..')) throw new Error('invalid media name')
  const dir = uploadsDir(dataDir)
  await fs.mkdir(dir, { recursive: true })
  await fs.writeFile(path.join(dir, name), data)
}
