import { readDemoLogins, type DemoLogins } from '#db/seed/demo-logins.server'

/**
 * The demo logins the web server made when it seeded the demo (decision record 025), read as a person reads them:
 * from DATA_DIR/demo-logins.json of the server Playwright started (E2E_DATA_DIR, playwright.config.ts). The file
 * exists once the web server is up, which is before any test body runs; read it only from there.
 */
let cached: DemoLogins | undefined
function demoLogins(): DemoLogins {
  if (cached) return cached
  const dir = process.env.E2E_DATA_DIR
  if (!dir) throw new Error('E2E_DATA_DIR is not set: the demo logins are read from the web server’s DATA_DIR')
  cached = readDemoLogins(dir)
  return cached
}

function find<T extends { email: string }>(list: T[], email: string): T {
  const login = list.find((l) => l.email === email)
  if (!login) throw new Error(`no demo login for ${email} in the web server’s DATA_DIR/demo-logins.json: has it seeded the demo?`)
  return login
}

/** A demo member whose password is read when first used. */
export function demoMember<N extends string>(email: string, name: N): { readonly email: string; readonly password: string; readonly name: N } {
  return {
    email,
    name,
    get password() {
      return find(demoLogins().members, email).password
    },
  }
}

/** A demo operator whose password and authenticator key are read when first used. */
export function demoOperator<N extends string>(
  email: string,
  name: N,
): { readonly email: string; readonly password: string; readonly totpSecret: string; readonly name: N } {
  return {
    email,
    name,
    get password() {
      return find(demoLogins().operators, email).password
    },
    get totpSecret() {
      return find(demoLogins().operators, email).totpSecret
    },
  }
}
