// Run by `npm run scan` before the server starts, in its own process (the embedded database opens in one process at
// a time): creates the schema in the scan's fresh DATA_DIR and raises the per-member write limits (the setting
// write_limits, docs/security.md "Rate limits"). A scanner sends hundreds of requests to each form; with the
// limits as shipped, all but the first few would be answered 429 and the form's own code would go untested. The
// limits themselves are tested by app/routes/write-limits.test.ts. The server then seeds the demo data as usual.
import { defaultSettings, type Settings } from '#app/features/settings/defaults'
import { updateSetting } from '#app/features/settings/settings.server'
import { migrate, openDatabase, setDatabase, db } from '#db/client.server'

const dataDir = process.env.DATA_DIR
if (!dataDir) throw new Error('DATA_DIR is required')
const handle = await openDatabase({ dataDir })
setDatabase(handle)
try {
  await migrate(handle)
  const raised = Object.fromEntries(Object.keys(defaultSettings.write_limits).map((k) => [k, 1_000_000])) as Settings['write_limits']
  // Written through the given handle: no other process listens for a settings change yet.
  await updateSetting('write_limits', raised, db())
} finally {
  await handle.close()
}
