import fs from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { createMember } from './factories'
import { createDiskMediaStore } from '#app/adapters/storage/disk-storage.server'
import { loadOrCreateSecret } from '#app/lib/secrets.server'
import { db, type DbHandle } from '#db/client.server'
import { profiles, users } from '#db/schema/index'

// What the backup round trips (db/backup/backup.test.ts, embedded; db/backup/backup.pg.test.ts, PostgreSQL) arrange, damage and compare.
/** Every row of every table and every sequence's position: what "back exactly" compares. */
export async function snapshot(handle: DbHandle): Promise<Record<string, unknown>> {
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows
  const tables = rows<{ t: string }>(await handle.db.execute(sql`select tablename as t from pg_tables where schemaname = 'public' order by 1`)).map((r) => r.t)
  const out: Record<string, unknown> = {}
  for (const t of tables)
    out[t] = rows<{ j: unknown }>(await handle.db.execute(sql.raw(`select coalesce(json_agg(x order by x::text), '[]') as j from "${t}" x`)))[0].j
  out['(sequences)'] = rows(await handle.db.execute(sql`select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1`))
  out['(migrations)'] = rows(await handle.db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations order by id`))
  return out
}

/** Some members, a credit booking, media in both areas and the generated keys. */
export async function arrange(dataDir: string) {
  const a = await createMember({ name: 'Backup Anna', credits: 25 })
  const b = await createMember({ name: 'Backup Ben', gender: 'male' })
  const media = createDiskMediaStore(dataDir)
  await media.save('photo-a.webp', Buffer.from('public photo bytes'), 'public')
  await media.save('photo-a-full.webp', Buffer.from('private photo bytes'), 'private')
  loadOrCreateSecret(dataDir, 'session-secret', undefined)
  fs.writeFileSync(path.join(dataDir, 'vapid.json'), JSON.stringify({ publicKey: 'pub', privateKey: 'priv' }))
  return { a, b }
}

/** Changes made after the backup, which the restore must undo: rows changed, deleted and added, media too. */
export async function damage(dataDir: string, ids: { a: { userId: number }; b: { userId: number; profileId: number } }) {
  await db().update(users).set({ credits: 999 }).where(eq(users.id, ids.a.userId))
  await db().delete(profiles).where(eq(profiles.id, ids.b.profileId))
  await db().delete(users).where(eq(users.id, ids.b.userId))
  await createMember({ name: 'After The Backup' })
  fs.rmSync(path.join(dataDir, 'uploads-private', 'photo-a-full.webp'))
  fs.writeFileSync(path.join(dataDir, 'uploads', 'later.webp'), 'added later')
  fs.writeFileSync(path.join(dataDir, 'session-secret'), 'another secret')
}

export function expectFilesAsArranged(dataDir: string) {
  expect(fs.readFileSync(path.join(dataDir, 'uploads', 'photo-a.webp'), 'utf8')).toBe('public photo bytes')
  expect(fs.readFileSync(path.join(dataDir, 'uploads-private', 'photo-a-full.webp'), 'utf8')).toBe('private photo bytes')
  expect(fs.existsSync(path.join(dataDir, 'uploads', 'later.webp'))).toBe(false)
  expect(fs.readFileSync(path.join(dataDir, 'vapid.json'), 'utf8')).toContain('"publicKey":"pub"')
  expect(fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).not.toBe('another secret')
}
