import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3Server, type S3Server } from '../../../tests/setup/s3-server'
import { createDiskMediaStore, tempDir } from './disk-storage.server'
import type { MediaObject, MediaStore } from './media-store'
import { createS3MediaStore } from './s3-storage.server'

/** The behaviour every MediaStore keeps, run against the disk and against S3 (s3rver) alike. */
function mediaStoreContract(make: () => MediaStore) {
  let store: MediaStore
  beforeAll(() => {
    store = make()
  })
  afterAll(async () => {
    await store.close()
  })
  const bytes = (s: string) => Buffer.from(s)
  const opened = async (name: string, area: 'public' | 'private') => {
    const o = await store.open(name, area)
    return o && o !== 'not-modified' ? { ...o, text: await text(o.body) } : o
  }

  it('saves a file into its area only, and reads it back whole, as a buffer and as a stream', async () => {
    await store.save('a-1.webp', bytes('public bytes'), 'public')
    await store.save('a-2.webp', bytes('private bytes'), 'private')
    expect((await store.read('a-1.webp', 'public'))?.toString()).toBe('public bytes')
    expect(await store.read('a-1.webp', 'private')).toBeNull()
    expect(await store.read('a-2.webp', 'public')).toBeNull()
    const o = await opened('a-2.webp', 'private')
    expect(o).toMatchObject({ size: 13, contentType: 'image/webp', text: 'private bytes' })
    expect((o as MediaObject).etag).toMatch(/^"[^"]+"$/)
    expect((o as MediaObject).lastModified.getTime()).toBeGreaterThan(Date.now() - 3600_000)
  })

  it('answers not-modified to the ETag the client holds, and the bytes to another', async () => {
    await store.save('e-1.webp', bytes('v1'), 'public')
    const first = (await store.open('e-1.webp', 'public')) as MediaObject
    first.body.destroy()
    expect(await store.open('e-1.webp', 'public', { ifNoneMatch: first.etag })).toBe('not-modified')
    const other = await store.open('e-1.webp', 'public', { ifNoneMatch: '"something-else"' })
    expect(other).not.toBe('not-modified')
    expect(await text((other as MediaObject).body)).toBe('v1')
  })

  it('replaces a file saved again under the same name', async () => {
    await store.save('r-1.webp', bytes('old'), 'public')
    await store.save('r-1.webp', bytes('new'), 'public')
    expect((await store.read('r-1.webp', 'public'))?.toString()).toBe('new')
  })

  it('moves a file between the areas, and leaves a missing one alone', async () => {
    await store.save('m-1.webp', bytes('moving'), 'private')
    await store.move('m-1.webp', 'private', 'public')
    expect(await store.read('m-1.webp', 'private')).toBeNull()
    expect((await store.read('m-1.webp', 'public'))?.toString()).toBe('moving')
    expect(await opened('m-1.webp', 'public')).toMatchObject({ contentType: 'image/webp', text: 'moving' })
    await store.move('m-1.webp', 'public', 'private')
    expect(await store.list('public', 'm-')).toEqual([])
    expect(await store.list('private', 'm-')).toEqual(['m-1.webp'])
    await expect(store.move('m-never.webp', 'public', 'private')).resolves.toBeUndefined()
    expect(await store.read('m-never.webp', 'private')).toBeNull()
  })

  it('deletes files from both areas, and a missing one is no error', async () => {
    await store.save('d-1.webp', bytes('x'), 'public')
    await store.save('d-1.webp', bytes('y'), 'private')
    await store.save('d-2.webp', bytes('z'), 'private')
    await store.save('d-3.webp', bytes('stays'), 'private')
    await store.delete(['d-1.webp', 'd-2.webp', 'd-missing.webp'])
    expect(await store.list('public', 'd-')).toEqual([])
    expect(await store.list('private', 'd-')).toEqual(['d-3.webp'])
    await expect(store.delete([])).resolves.toBeUndefined()
  })

  it('lists an area by name prefix', async () => {
    await store.save('7-a.webp', bytes('1'), 'public')
    await store.save('7-b.webp', bytes('2'), 'private')
    await store.save('77-c.webp', bytes('3'), 'private')
    await store.save('chat-7-d.webp', bytes('4'), 'private')
    expect(await store.list('private', '7-')).toEqual(['7-b.webp'])
    expect(await store.list('public', '7-')).toEqual(['7-a.webp'])
    expect(await store.list('private', 'chat-7-')).toEqual(['chat-7-d.webp'])
    expect(await store.list('private')).toEqual(expect.arrayContaining(['7-b.webp', '77-c.webp', 'chat-7-d.webp']))
  })

  it('saves a set all or nothing: after one failure none of it stays, and the failure is thrown', async () => {
    await store.saveSet([
      { name: 's-1.webp', data: bytes('1'), area: 'private' },
      { name: 's-1-b.webp', data: bytes('2'), area: 'public' },
    ])
    expect(await store.list('private', 's-1')).toEqual(['s-1.webp'])
    expect(await store.list('public', 's-1')).toEqual(['s-1-b.webp'])
    await expect(
      store.saveSet([
        { name: 's-2.webp', data: bytes('1'), area: 'private' },
        { name: 's-2-b.webp', data: bytes('2'), area: 'public' },
        { name: '../s-2-c.webp', data: bytes('3'), area: 'public' },
      ]),
    ).rejects.toThrow('invalid media name')
    expect([...(await store.list('private', 's-2')), ...(await store.list('public', 's-2'))]).toEqual([])
  })

  it('refuses names that could reach outside their area', async () => {
    for (const name of ['../x.webp', '..', 'a/b.webp', '.hidden', '', 'a\\b.webp', 'x..webp', '/etc/passwd', 'a%2fb']) {
      await expect(store.save(name, bytes('no'), 'public'), name).rejects.toThrow('invalid media name')
      await expect(store.read(name, 'private'), name).rejects.toThrow('invalid media name')
      await expect(store.open(name, 'private'), name).rejects.toThrow('invalid media name')
      await expect(store.move(name, 'private', 'public'), name).rejects.toThrow('invalid media name')
      await expect(store.delete([name]), name).rejects.toThrow('invalid media name')
    }
  })

  it('answers null for a file that is not there', async () => {
    expect(await store.open('nothing.webp', 'public')).toBeNull()
    expect(await store.open('nothing.webp', 'private', { ifNoneMatch: '*' })).toBeNull()
    expect(await store.read('nothing.webp', 'private')).toBeNull()
    expect(await store.list('public', 'nothing')).toEqual([])
  })

  it('has nothing young to clear and can be used', async () => {
    await expect(store.check()).resolves.toBeUndefined()
    expect(await store.clearLeftovers(3600_000)).toBe(0)
  })
}

describe('disk media store', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-disk-'))
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))
  mediaStoreContract(() => createDiskMediaStore(dataDir))

  it('clears half-written files older than the limit only', async () => {
    const store = createDiskMediaStore(dataDir)
    fs.mkdirSync(tempDir(dataDir), { recursive: true })
    const old = path.join(tempDir(dataDir), 'old.webp.abc.part')
    fs.writeFileSync(old, 'half')
    fs.utimesSync(old, new Date(Date.now() - 7200_000), new Date(Date.now() - 7200_000))
    fs.writeFileSync(path.join(tempDir(dataDir), 'young.webp.def.part'), 'half')
    expect(await store.clearLeftovers(3600_000)).toBe(1)
    expect(fs.readdirSync(tempDir(dataDir))).toEqual(['young.webp.def.part'])
  })
})

describe('S3 media store (s3rver)', () => {
  let s3: S3Server
  beforeAll(async () => {
    s3 = await startS3Server()
  })
  afterAll(async () => {
    await s3?.stop()
  })
  const config = () => ({
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.endpoint,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  })
  mediaStoreContract(() => createS3MediaStore(config()))

  it('writes objects under <area>/<name> without an ACL, and touches nothing of the bucket itself', async () => {
    // A recording forwarder in front of s3rver: every request the store makes passes through it.
    const seen: { method: string; url: string; headers: http.IncomingHttpHeaders }[] = []
    const target = new URL(s3.endpoint)
    const proxy = http.createServer((req, res) => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers })
      const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode!, up.headers)
        up.pipe(res)
      })
      req.pipe(upstream)
    })
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r))
    const store = createS3MediaStore({ ...config(), endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` })
    await store.saveSet([
      { name: 'k-1.webp', data: Buffer.from('original'), area: 'private' },
      { name: 'k-2.webp', data: Buffer.from('blurred'), area: 'public' },
    ])
    await store.move('k-1.webp', 'private', 'public')
    await store.list('public', 'k-')
    await store.delete(['k-1.webp', 'k-2.webp'])
    await store.close()
    proxy.closeAllConnections()
    await new Promise((r) => proxy.close(r))
    const paths = seen.map((r) => `${r.method} ${r.url.split('?')[0]}`)
    expect(paths).toEqual(
      expect.arrayContaining([
        `PUT /${s3.bucket}/private/k-1.webp`,
        `PUT /${s3.bucket}/public/k-2.webp`,
        `PUT /${s3.bucket}/public/k-1.webp`,
        `DELETE /${s3.bucket}/private/k-1.webp`,
      ]),
    )
    for (const r of seen) {
      expect(r.headers['x-amz-acl'], r.url).toBeUndefined()
      expect(Object.keys(r.headers).filter((h) => h.startsWith('x-amz-grant'))).toEqual([])
      // Object requests and listing only: no bucket is created, and no ACL, policy or CORS of one is written.
      expect(r.url).not.toMatch(/[?&](acl|policy|cors|website|publicAccessBlock)\b/)
      if (r.method === 'PUT') expect(r.url.split('?')[0]).toMatch(new RegExp(`^/${s3.bucket}/(public|private)/k-\\d\\.webp$`))
    }
  })

  it('names the setting to fix when the bucket is missing or the keys are wrong', async () => {
    const missing = createS3MediaStore({ ...config(), bucket: 'no-such-bucket' })
    await expect(missing.check()).rejects.toThrow(/S3_BUCKET: the bucket "no-such-bucket" does not exist/)
    const wrongKeys = createS3MediaStore({ ...config(), credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'wrong' } })
    await expect(wrongKeys.check()).rejects.toThrow(/S3_ACCESS_KEY_ID/)
    await missing.close()
    await wrongKeys.close()
  })
})
