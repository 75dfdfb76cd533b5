import { execFile } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

// `npm run doctor` as an operator runs it (scripts/doctor.test.ts, scripts/doctor.pg.test.ts): a process with a
// configuration in its environment, read by its output and its exit code.

export interface DoctorRun {
  code: number
  stdout: string
  stderr: string
}

/** Runs scripts/doctor.ts with exactly `env` (plus PATH), as `npm run doctor -- ...args` would. */
export function runDoctor(env: Record<string, string>, args: string[] = []): Promise<DoctorRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/doctor.ts', ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? -1) : 0, stdout, stderr })
      },
    )
  })
}

/** A loopback port nobody listens on: the database there refuses at once. */
async function closedPort(): Promise<number> {
  const srv = net.createServer()
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r))
  const { port } = srv.address() as net.AddressInfo
  await new Promise((r) => srv.close(r))
  return port
}

const key = (bytes: number, fill: number) => Buffer.alloc(bytes, fill).toString('base64url')

/** Every prerequisite met, for two processes on two machines (REDIS_URL). */
export async function readyEnv(): Promise<Record<string, string>> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'doctor-data-')),
    PUBLIC_URL: 'https://dating.example',
    DATABASE_URL: `postgres://site@127.0.0.1:${await closedPort()}/site`,
    REDIS_URL: 'redis://127.0.0.1:6379',
    SMTP_URL: 'smtp://127.0.0.1:587',
    MAIL_FROM: 'Site <no-reply@dating.example>',
    PAYMENT_PROVIDER: 'mollie',
    MOLLIE_API_KEY: `live_${'a'.repeat(30)}`,
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC-test',
    TWILIO_AUTH_TOKEN: 'twilio-token-for-tests',
    SMS_FROM: 'Site',
    SESSION_SECRET: 's'.repeat(40),
    TRUST_PROXY: '1',
    MEDIA_STORAGE: 's3',
    S3_BUCKET: 'site-media',
    VAPID_PUBLIC_KEY: key(65, 4),
    VAPID_PRIVATE_KEY: key(32, 7),
    METRICS_TOKEN: 'm'.repeat(30),
  }
}
