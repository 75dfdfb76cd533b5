import pg from 'pg'

/**
 * A new, empty PostgreSQL database `<base>_<suffix>` on the server of `baseUrl` (dropped first should an earlier run
 * have left it); resolves to its URL. Used by `npm test` for the browser-test shards and by the integration tests.
 */
export async function freshDatabase(baseUrl, suffix) {
  const url = new URL(baseUrl)
  const name = `${url.pathname.slice(1) || 'test'}_${suffix}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  try {
    await admin.query(`drop database if exists "${name}" with (force)`)
    await admin.query(`create database "${name}"`)
  } finally {
    await admin.end()
  }
  url.pathname = `/${name}`
  return url.toString()
}
