import { readDemoLogins } from '#db/seed/demo-logins.server'

/** The demo member the benches log in as (db/seed/demo.server.ts). */
export const DEMO_EMAIL = 'anna@demo.local'

/**
 * Logs in as the demo member over POST /api/user.php, with the password the server made when it seeded `dataDir`
 * (DATA_DIR/demo-logins.json, decision record 025), as a person copies it from the start banner. Returns the
 * session cookie (`sid=…`).
 */
export async function loginDemoMember(origin: string, dataDir: string): Promise<string> {
  const login = readDemoLogins(dataDir).members.find((m) => m.email === DEMO_EMAIL)
  if (!login) throw new Error(`no login for ${DEMO_EMAIL} in ${dataDir}: the server has not seeded the demo there`)
  const res = await fetch(`${origin}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: login.email, password: login.password }),
    signal: AbortSignal.timeout(30_000),
  })
  await res.arrayBuffer()
  const sid = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('sid='))
  if (res.status !== 200 || !sid) throw new Error(`login as ${DEMO_EMAIL}: ${res.status}, no session cookie`)
  return sid
}
