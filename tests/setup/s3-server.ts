import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

export interface S3Server {
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  region: string
  stop(): Promise<void>
}

/**
 * A local S3-compatible server (s3rver) for tests: on a free loopback port, its objects in a fresh temporary
 * folder, with one empty bucket. It knows one access key (s3rver's fixed built-in test account, not a secret) and
 * refuses others, but does not verify SigV4 signatures nor refuse anonymous reads: a test of who may read an object
 * goes through the app. The caller stops it; stopping removes the folder.
 */
export async function startS3Server(): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'))
  const bucket = `media-${path
    .basename(directory)
    .slice('s3rver-'.length)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
  const { port } = await server.run()
  let stopped = false
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    async stop() {
      if (stopped) return
      stopped = true
      // Clients keep connections alive: close them, or close() waits for their idle timeout.
      const closed = server.close()
      server.httpServer?.closeAllConnections()
      await closed
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
