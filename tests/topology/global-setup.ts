import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * The topology test's certificate: a self-signed one for 127.0.0.1, made with openssl as an operator would for a
 * trial. Made here, in vitest's main process, before the test processes are forked: they start with
 * NODE_EXTRA_CA_CERTS naming it, so fetch, WebSocket and https trust it with their checks on (no check is relaxed).
 */
export default function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h6-topology-tls-'))
  const cert = path.join(dir, 'cert.pem')
  const key = path.join(dir, 'key.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  )
  process.env.TOPOLOGY_TLS_CERT = cert
  process.env.TOPOLOGY_TLS_KEY = key
  process.env.NODE_EXTRA_CA_CERTS = cert
  return () => fs.rmSync(dir, { recursive: true, force: true })
}
