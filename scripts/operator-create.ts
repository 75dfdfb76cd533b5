// `npm run operator:create -- --email ops@example.com --name "Ops" --role admin`: creates a console operator.
// The password comes from OPERATOR_PASSWORD or is asked for (not echoed). With the embedded database, stop the
// server first (one process at a time may open it). The operator sets up two-step verification at first login.
// Made on an empty database, the operator makes it a real installation: no demo data or demo operators are seeded
// at the next start (decision record 025).
import { parseArgs } from 'node:util'
import readline from 'node:readline'
import { z } from 'zod'
import { env } from '#app/lib/env.server'
import { createOperator } from '#app/features/console/operators/operator-accounts.server'
import { migrate, openDatabase, setDatabase } from '#db/client.server'
import { DataDirBusyError } from '#db/data-dir-lock.server'
import { operatorRoles } from '#db/schema/index'

const input = z.object({
  email: z.string().trim().email(),
  name: z.string().trim().min(2).max(80),
  role: z.enum(operatorRoles),
  password: z.string().min(12, 'the password must be at least 12 characters').max(200),
})

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true })
    const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream }
    out._writeToOutput = (s: string) => {
      if (s.startsWith(question)) out.output.write(s)
    }
    rl.question(question, (answer) => {
      rl.close()
      process.stdout.write('\n')
      resolve(answer)
    })
  })
}

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'admin' } } })
const password = process.env.OPERATOR_PASSWORD ?? (await askHidden('Password (at least 12 characters): '))
const parsed = input.safeParse({ ...values, password })
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'))
  console.error('Usage: npm run operator:create -- --email <e-mail> --name <name> [--role admin|moderator|support]')
  process.exit(2)
}
const e = env()
const handle = await openDatabase({ url: e.DATABASE_URL, dataDir: e.DATA_DIR }).catch((err: unknown) => {
  // The embedded database while the server runs: the lock's message says so (db/data-dir-lock.server.ts).
  if (!(err instanceof DataDirBusyError)) throw err
  console.error(err.message)
  process.exit(1)
})
setDatabase(handle)
try {
  await migrate(handle)
  const id = await createOperator(parsed.data)
  console.log(`Operator ${id} (${parsed.data.role}) created. Log in at /admin/login and set up two-step verification.`)
} catch (err) {
  // Drizzle wraps the driver's error (and its parameters, the password hash among them): print only the cause.
  const cause = (err as { cause?: { code?: string; message?: string } }).cause
  console.error(
    cause?.code === '23505' ? 'An operator with this e-mail address exists already.' : `Could not create the operator: ${cause?.message ?? 'unknown error'}`,
  )
  process.exitCode = 1
} finally {
  await handle.close()
}
