// `npm run keys:rekey`: after a rotation of SESSION_SECRET (docs/operations.md, "Rotating SESSION_SECRET"), stores
// again under the new key what can be read back: operators' TOTP secrets and the phone hashes of direct debit
// mandates. Run it with the new SESSION_SECRET and the old one as SESSION_SECRET_PREVIOUS. With the embedded
// database, stop the server first (one process at a time may open it). Safe to run again.
import { env } from '#app/lib/env.server'
import { rekeyStoredSecrets } from '#app/features/operations/rekey.server'
import { migrate, openDatabase, setDatabase } from '#db/client.server'
import { DataDirBusyError } from '#db/data-dir-lock.server'

const e = env()
if (!e.SESSION_SECRET_PREVIOUS)
  console.warn('SESSION_SECRET_PREVIOUS is not set: only values from before keys per purpose (key id 0) of the current secret can be re-keyed.')
const handle = await openDatabase({ url: e.DATABASE_URL, dataDir: e.DATA_DIR }).catch((err: unknown) => {
  if (!(err instanceof DataDirBusyError)) throw err
  console.error(err.message)
  process.exit(1)
})
setDatabase(handle)
try {
  await migrate(handle)
  const r = await rekeyStoredSecrets()
  console.log(
    `TOTP secrets re-encrypted: ${r.totpReencrypted}; unreadable (older than SESSION_SECRET_PREVIOUS): ${r.totpUnreadable}; mandate phone hashes redone: ${r.mandatePhonesRehashed}.`,
  )
  if (r.totpUnreadable) process.exitCode = 1
} finally {
  await handle.close()
}
