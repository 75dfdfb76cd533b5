import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.server'

describe('parseEnv', () => {
  it('applies the defaults', () => {
    const env = parseEnv({})
    expect(env.PORT).toBe(3000)
    expect(env.DATA_DIR).toBe('./data')
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.SEED_DEMO).toBe('auto')
  })
  it('names the variable of a bad value', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT/)
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
    expect(() => parseEnv({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/)
  })
  it('reads SEED_DEMO=0 as never', () => {
    expect(parseEnv({ SEED_DEMO: '0' }).SEED_DEMO).toBe('never')
  })
})

describe('production configuration', () => {
  const site = { NODE_ENV: 'production', PUBLIC_URL: 'https://dating.example' }
  it('refuses to start a production site on the sandbox it was not told to use, naming the variable', () => {
    expect(() => parseEnv(site)).toThrow(/PAYMENT_PROVIDER: must be set/)
    expect(parseEnv({ ...site, PAYMENT_PROVIDER: 'sandbox' }).PAYMENT_PROVIDER_EXPLICIT).toBe(true)
  })
  it('keeps the sandbox by default for the quick start and the tests (http, or not production)', () => {
    expect(parseEnv({ NODE_ENV: 'production' }).PAYMENT_PROVIDER).toBe('sandbox')
    expect(parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }).PAYMENT_PROVIDER_EXPLICIT).toBe(false)
    expect(parseEnv({ NODE_ENV: 'development', PUBLIC_URL: 'https://dating.example' }).PAYMENT_PROVIDER).toBe('sandbox')
  })
  it('reads TRUST_PROXY as a hop count or a list of addresses, and refuses anything else', () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual(['loopback'])
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(parseEnv({ TRUST_PROXY: 'none' }).TRUST_PROXY).toBe(0)
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'loopback'])
    for (const bad of ['yes', '11', '10.0.0.0/33', '300.1.1.1', 'fe80::/129', '10.0.0.1/8/2'])
      expect(() => parseEnv({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/)
  })
  it('takes the Web Push keys in pairs', () => {
    const pub = Buffer.alloc(65, 4).toString('base64url')
    const priv = Buffer.alloc(32, 7).toString('base64url')
    expect(parseEnv({ VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv }).VAPID_PUBLIC_KEY).toBe(pub)
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: pub })).toThrow(/VAPID_PRIVATE_KEY/)
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: priv })).toThrow(/VAPID_PUBLIC_KEY/)
    expect(() => parseEnv({ VAPID_SUBJECT: 'http://x' })).toThrow(/VAPID_SUBJECT/)
  })
  it('needs a bucket for object storage', () => {
    expect(parseEnv({}).MEDIA_STORAGE).toBe('disk')
    expect(() => parseEnv({ MEDIA_STORAGE: 's3' })).toThrow(/S3_BUCKET/)
    expect(parseEnv({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000' }).S3_REGION).toBe('us-east-1')
    expect(() => parseEnv({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'x' })).toThrow(/S3_ACCESS_KEY_ID/)
  })
})
