import { execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import { promisify } from 'node:util'
import pg from 'pg'
import { BackupError } from './manifest'

const run = promisify(execFile)

/**
 * PostgreSQL through its own tools (Debian's postgresql-client): pg_dump's custom format is compressed, restored
 * table by table, and readable by any newer pg_restore. The password travels in the environment, not on the
 * command line, where other users of the host could read it.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url)
  const password = decodeURIComponent(u.password)
  u.password = ''
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } }
}

async function toolVersion(tool: string): Promise<{ text: string; major: number }> {
  let stdout: string
  try {
    ;({ stdout } = await run(tool, ['--version']))
  } catch {
    throw new BackupError(`${tool} was not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client).`)
  }
  const m = /(\d+)(?:\.(\d+))?/.exec(stdout)
  if (!m) throw new BackupError(`Could not read the version of ${tool}: ${stdout.trim()}`)
  return { text: m[0], major: Number(m[1]) }
}

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  await client.connect()
  try {
    return (await client.query(text)).rows as T[]
  } finally {
    await client.end()
  }
}

async function serverVersion(url: string): Promise<{ text: string; major: number }> {
  const [r] = await query<{ v: string; n: string }>(url, "select current_setting('server_version') as v, current_setting('server_version_num') as n")
  return { text: r.v.split(' ')[0], major: Math.floor(Number(r.n) / 10000) }
}

/** Applied migrations, 0 for a database the server never started on. */
export async function postgresMigrationCount(url: string): Promise<number> {
  const [r] = await query<{ n: number | null }>(
    url,
    `select case when to_regclass('drizzle.__drizzle_migrations') is null then 0 else (select count(*)::int from drizzle.__drizzle_migrations) end as n`,
  )
  return r.n ?? 0
}

/** Writes the database to `file` with pg_dump --format=custom; refuses a pg_dump older than the server. */
export async function dumpPostgres(url: string, file: string): Promise<{ server: string; pgDump: string }> {
  const [tool, server] = await Promise.all([toolVersion('pg_dump'), serverVersion(url)])
  if (tool.major < server.major)
    throw new BackupError(`pg_dump ${tool.text} cannot dump a PostgreSQL ${server.text} server: install postgresql-client-${server.major}.`)
  const c = connection(url)
  try {
    await run('pg_dump', ['--format=custom', '--file', file, '--dbname', c.dbname], { env: c.env, maxBuffer: 16 * 1024 * 1024 })
  } catch (e) {
    throw new BackupError(`pg_dump failed: ${((e as { stderr?: string }).stderr ?? '').trim() || (e as Error).message}`)
  }
  fs.chmodSync(file, 0o600)
  return { server: server.text, pgDump: tool.text }
}

/** Other sessions on the database: a restore under a running server would mix the two states. */
export async function otherSessions(url: string): Promise<number> {
  const [r] = await query<{ n: number }>(url, 'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')
  return r.n
}

/**
 * Replaces the database's content with the archive, in one transaction: the schemas public and drizzle are dropped
 * (with what a newer migration added that the backup does not know) and the archive's SQL is replayed. Like
 * pg_restore --clean --if-exists, and more: nothing of the state before stays, and a failure anywhere changes
 * nothing. pg_restore writes the SQL; psql runs it, and commits only when pg_restore ended well.
 */
export async function restorePostgres(url: string, file: string, dumpedWith: string): Promise<void> {
  const [restoreTool] = await Promise.all([toolVersion('pg_restore'), toolVersion('psql')])
  const dumpMajor = Number(/^\d+/.exec(dumpedWith)?.[0] ?? 0)
  if (restoreTool.major < dumpMajor)
    throw new BackupError(
      `This backup was written by pg_dump ${dumpedWith}; pg_restore ${restoreTool.text} cannot read it: install postgresql-client-${dumpMajor}.`,
    )
  const c = connection(url)
  const psql = spawn('psql', ['--no-psqlrc', '--quiet', '--set', 'ON_ERROR_STOP=1', '--dbname', c.dbname], { env: c.env, stdio: ['pipe', 'ignore', 'pipe'] })
  const restore = spawn('pg_restore', ['--no-owner', '--no-acl', '--file', '-', file], { stdio: ['ignore', 'pipe', 'pipe'] })
  const errors: string[] = []
  psql.stderr.on('data', (d: Buffer) => errors.push(d.toString()))
  restore.stderr.on('data', (d: Buffer) => errors.push(d.toString()))
  // psql may stop early (ON_ERROR_STOP): its closed input is reported by its exit status, not as a crash here.
  psql.stdin.on('error', () => {})

  const restored = new Promise<number | null>((resolve) => restore.on('close', resolve))
  const applied = new Promise<number | null>((resolve) => psql.on('close', resolve))
  // A psql that stopped early reads no more: pg_restore, blocked on its full pipe, is stopped too.
  void applied.then(() => restore.exitCode === null && restore.kill())

  psql.stdin.write('begin;\ndrop schema if exists drizzle cascade;\ndrop schema if exists public cascade;\ncreate schema public;\n')
  restore.stdout.pipe(psql.stdin, { end: false })
  const restoreCode = await restored
  psql.stdin.end(restoreCode === 0 ? 'commit;\n' : 'rollback;\n')
  const psqlCode = await applied
  if (restoreCode !== 0 || psqlCode !== 0)
    throw new BackupError(`The restore failed and changed nothing: ${errorLines(errors.join('')) || `pg_restore ${restoreCode}, psql ${psqlCode}`}`)
}

/** The error lines only: PostgreSQL's DETAIL and CONTEXT lines may quote the rows (members' data) being restored. */
function errorLines(stderr: string): string {
  return stderr
    .split('\n')
    .filter((l) => /ERROR|FATAL|error:/.test(l) && !/DETAIL|CONTEXT/.test(l))
    .map((l) => l.slice(0, 300))
    .slice(0, 5)
    .join('\n')
}
