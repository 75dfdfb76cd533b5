/**
 * The demo admin's login as it was written in the source before decision record 025 and published with every
 * copy: the tests try it as an attacker would, and it must open nothing.
 */
export const PUBLISHED_ADMIN = { email: 'admin@demo.local', password: 'demo-admin-2026', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXA' }

/** The console's first step, POST /admin/login as the form sends it: 302 to the next step, or 401. */
export async function consoleLogin(port: number, email: string, password: string): Promise<{ status: number; location?: string }> {
  const origin = `http://127.0.0.1:${port}`
  const res = await fetch(`${origin}/admin/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ email, password }),
  })
  await res.arrayBuffer()
  const location = res.headers.get('location')
  return location ? { status: res.status, location } : { status: res.status }
}
