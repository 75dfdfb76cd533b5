import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { vapidKeys, vapidSubject } from './vapid.server'

const freshDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'vapid-'))

describe('vapidKeys', () => {
  it('generates a usable pair once into the data folder, readable by the owner only', () => {
    const dir = freshDir()
    const keys = vapidKeys(dir)
    expect(vapidKeys(dir)).toEqual(keys)
    const file = path.join(dir, 'vapid.json')
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(keys)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(fs.readdirSync(dir)).toEqual(['vapid.json'])
    expect(() => webpush.getVapidHeaders('https://push.example', 'mailto:a@b.example', keys.publicKey, keys.privateKey, 'aes128gcm')).not.toThrow()
    expect(vapidKeys(freshDir()).publicKey).not.toBe(keys.publicKey)
  })

  it('keeps the pair already on disk (browsers subscribed with it)', () => {
    const dir = freshDir()
    const stored = webpush.generateVAPIDKeys()
    fs.writeFileSync(path.join(dir, 'vapid.json'), JSON.stringify(stored))
    expect(vapidKeys(dir)).toEqual(stored)
  })

  it.each([
    ['not JSON', '{"publicKey":'],
    ['no key pair', '{"publicKey":"abc","privateKey":"def"}'],
  ])('refuses a damaged file (%s) instead of replacing it', (_, content) => {
    const dir = freshDir()
    fs.writeFileSync(path.join(dir, 'vapid.json'), content)
    expect(() => vapidKeys(dir)).toThrow()
    expect(fs.readFileSync(path.join(dir, 'vapid.json'), 'utf8')).toBe(content)
  })
})

describe('vapidSubject', () => {
  it.each([
    ['https://amoura.example/', undefined, 'https://amoura.example'],
    ['https://amoura.example', 'Amoura <no-reply@amoura.example>', 'https://amoura.example'],
    ['http://localhost:3000', 'Amoura <no-reply@amoura.example>', 'mailto:no-reply@amoura.example'],
    ['http://localhost:3000', 'support@amoura.example', 'mailto:support@amoura.example'],
    ['https://localhost:3000', undefined, 'mailto:webpush@localhost.invalid'],
    ['http://amoura.example', 'not an address', 'mailto:webpush@amoura.example'],
  ])('%s with MAIL_FROM %s gives %s, which web-push accepts', (publicUrl, mailFrom, expected) => {
    const subject = vapidSubject(publicUrl, mailFrom)
    expect(subject).toBe(expected)
    const keys = webpush.generateVAPIDKeys()
    expect(() => webpush.getVapidHeaders('https://push.example', subject, keys.publicKey, keys.privateKey, 'aes128gcm')).not.toThrow()
  })
})
