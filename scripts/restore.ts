// `npm run restore <backup folder> [-- --force]`: puts a backup made by `npm run backup` back (docs/operations.md).
// Stop the server first. The database, the media (in DATA_DIR, or the bucket's objects with MEDIA_STORAGE=s3) and the
// keys in DATA_DIR become what the backup holds; what they replace is kept in DATA_DIR/before-restore-<time>/. --force: restore into PostgreSQL although other
// sessions are connected to it.
import { parseArgs } from 'node:util'
import { mediaStore } from '#app/adapters/storage/index.server'
import { env, EnvError } from '#app/lib/env.server'
import { restoreBackup } from '#db/backup/backup.server'
import { BackupError } from '#db/backup/manifest'
import { migrationsFolder } from '#db/client.server'

let parsed
try {
  parsed = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } })
} catch {
  parsed = null
}
if (!parsed || parsed.positionals.length !== 1) {
  console.error('Usage: npm run restore <backup folder> [-- --force]')
  process.exit(2)
}
try {
  const e = env()
  const dir = parsed.positionals[0]
  const media = mediaStore()
  const { manifest, asideDir } = await restoreBackup({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR, media }, dir, {
    migrationsFolder,
    force: parsed.values.force,
  })
  await media.close()
  console.log(`Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}, ${manifest.migrations} migrations) from ${dir}.`)
  if (media.kind === 's3') console.log(`The bucket ${e.S3_BUCKET} now holds the backup's media.`)
  if (asideDir)
    console.log(`What it replaced${media.kind === 's3' ? ' (in DATA_DIR and the bucket)' : ' in DATA_DIR'} is in ${asideDir}: delete it once the site works.`)
  console.log('Start the server: it applies the migrations this version has beyond the backup.')
} catch (err) {
  if (!(err instanceof BackupError || err instanceof EnvError)) throw err
  console.error(err.message)
  process.exitCode = 1
}
