import { afterEach, describe, expect, it } from 'vitest'
import { parseEnv, resetEnvCache } from '#app/lib/env.server'
import { createMediaStore, mediaStore, setMediaStore } from './index.server'

const saved = { ...process.env }
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k]
  Object.assign(process.env, saved)
  resetEnvCache()
  setMediaStore(undefined)
})

describe('the media store chosen by configuration', () => {
  it('is the disk by default and S3 with MEDIA_STORAGE=s3', () => {
    expect(createMediaStore(parseEnv({ DATA_DIR: '/tmp/x' })).kind).toBe('disk')
    expect(createMediaStore(parseEnv({ MEDIA_STORAGE: 's3', S3_BUCKET: 'site-media', S3_ENDPOINT: 'http://127.0.0.1:9000' })).kind).toBe('s3')
  })

  it('follows the configuration of the process, one store per configuration', () => {
    process.env.MEDIA_STORAGE = 'disk'
    resetEnvCache()
    const disk = mediaStore()
    expect(disk.kind).toBe('disk')
    expect(mediaStore()).toBe(disk)
    Object.assign(process.env, { MEDIA_STORAGE: 's3', S3_BUCKET: 'site-media', S3_ENDPOINT: 'http://127.0.0.1:9000' })
    resetEnvCache()
    expect(mediaStore().kind).toBe('s3')
  })
})
