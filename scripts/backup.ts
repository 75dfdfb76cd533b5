// `npm run backup [folder]`: writes a backup of the database (embedded or PostgreSQL, as configured) and of the
// media (in DATA_DIR, or every object of the bucket with MEDIA_STORAGE=s3) and the keys in DATA_DIR to
// <folder>/<UTC time>/ (default folder: backups/). docs/operations.md.
// With the embedded database, stop the server first: it refuses while one holds the database.
import { mediaStore } from '#app/adapters/storage/index.server'
import { env, EnvError } from '#app/lib/env.server'
import { createBackup } from '#db/backup/backup.server'
import { BackupError } from '#db/backup/manifest'

const args = process.argv.slice(2)
if (args.length > 1 || args[0]?.startsWith('-')) {
  console.error('Usage: npm run backup [folder]   (default folder: backups)')
  process.exit(2)
}
try {
  const e = env()
  const media = mediaStore()
  const { dir, manifest } = await createBackup({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR, media }, args[0] ?? 'backups')
  await media.close()
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`
  console.log(`Backup written to ${dir}`)
  console.log(
    `  ${manifest.kind === 'pglite' ? 'embedded database' : 'PostgreSQL database'}: ${mb(manifest.database.bytes)}, ${manifest.migrations} migrations`,
  )
  console.log(`  files: ${manifest.files.entries.join(', ') || 'none'} (${mb(manifest.files.bytes)})`)
  if (manifest.media?.storage === 's3')
    console.log(`  media: ${manifest.media.objects} objects of the bucket ${e.S3_BUCKET} (copied into uploads/ and uploads-private/)`)
  console.log('It holds personal data and the site keys: keep it as safe as the site itself.')
} catch (err) {
  if (!(err instanceof BackupError || err instanceof EnvError)) throw err
  console.error(err.message)
  process.exitCode = 1
}
