import crypto from 'node:crypto'

// What a browser vendor's push service and the browser itself do with a Web Push request, written from the RFCs with
// node:crypto alone, so the tests do not check web-push (and http_ece) against themselves.

export interface VapidClaims {
  aud: string
  exp: number
  sub: string
}

export type VapidCheck =
  | { ok: true; publicKey: string; claims: VapidClaims }
  | { ok: false; reason: 'no-vapid' | 'bad-key' | 'bad-jwt' | 'bad-signature' | 'bad-audience' | 'expired' | 'exp-too-far' | 'bad-subject' }

const MAX_EXP_SECONDS = 24 * 60 * 60 // RFC 8292 section 2

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<key>`, an ES256 JWT signed by the key it names, for this origin. */
export function checkVapid(authorization: string | undefined, audience: string, nowMs = Date.now()): VapidCheck {
  const m = /^vapid\s+(.+)$/i.exec(authorization ?? '')
  if (!m) return { ok: false, reason: 'no-vapid' }
  const params = new Map(m[1].split(',').map((p) => p.trim().split('=', 2) as [string, string]))
  const t = params.get('t')
  const k = params.get('k')
  if (!t || !k) return { ok: false, reason: 'no-vapid' }
  const key = publicKeyOf(k)
  if (!key) return { ok: false, reason: 'bad-key' }

  const [h, p, s, extra] = t.split('.')
  if (!h || !p || !s || extra !== undefined) return { ok: false, reason: 'bad-jwt' }
  const header = parseJson(h) as { alg?: unknown } | undefined
  const claims = parseJson(p) as Partial<VapidClaims> | undefined
  const signature = Buffer.from(s, 'base64url')
  if (header?.alg !== 'ES256' || !claims || signature.length !== 64) return { ok: false, reason: 'bad-jwt' }
  const valid = crypto.verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, signature)
  if (!valid) return { ok: false, reason: 'bad-signature' }

  if (claims.aud !== audience) return { ok: false, reason: 'bad-audience' }
  const now = Math.floor(nowMs / 1000)
  if (!Number.isInteger(claims.exp) || claims.exp! <= now) return { ok: false, reason: 'expired' }
  if (claims.exp! > now + MAX_EXP_SECONDS) return { ok: false, reason: 'exp-too-far' }
  if (typeof claims.sub !== 'string' || !/^(mailto:.+|https:\/\/.+)/.test(claims.sub)) return { ok: false, reason: 'bad-subject' }
  return { ok: true, publicKey: k, claims: claims as VapidClaims }
}

/** Signs a VAPID header by hand, with any claims: for requests a correct sender would never make. */
export function vapidAuthorization(claims: Partial<VapidClaims>, keys: { publicKey: string; privateKey: string }): string {
  const raw = Buffer.from(keys.publicKey, 'base64url')
  const key = crypto.createPrivateKey({ key: { ...jwkOf(raw), d: keys.privateKey }, format: 'jwk' })
  const input = `${b64json({ typ: 'JWT', alg: 'ES256' })}.${b64json(claims)}`
  const signature = crypto.sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' })
  return `vapid t=${input}.${signature.toString('base64url')}, k=${keys.publicKey}`
}

/**
 * RFC 8291 + RFC 8188: the browser's side. `body` is salt(16) rs(4) idlen(1) keyid(= the sender's ephemeral key)
 * and one record; throws when anything does not add up, as a browser silently drops such a message.
 */
export function decryptPushBody(body: Buffer, receiver: { ecdh: crypto.ECDH; auth: Buffer }): Buffer {
  if (body.length < 21) throw new Error('short header')
  const salt = body.subarray(0, 16)
  const rs = body.readUInt32BE(16)
  const idlen = body[20]
  const senderKey = body.subarray(21, 21 + idlen)
  const record = body.subarray(21 + idlen)
  if (idlen !== 65 || rs < 18) throw new Error('bad header')
  // RFC 8291 section 4: a push message is a single record.
  if (record.length > rs || record.length < 17) throw new Error('not one record')

  const receiverKey = receiver.ecdh.getPublicKey()
  const shared = receiver.ecdh.computeSecret(senderKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey])
  const ikm = hkdf(shared, receiver.auth, keyInfo, 32)
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16)
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12) // record 0: nonce XOR 0

  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('last record must end with delimiter 2')
  return padded.subarray(0, end)
}

function hkdf(ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length))
}

function publicKeyOf(k: string): crypto.KeyObject | undefined {
  const raw = Buffer.from(k, 'base64url')
  if (raw.length !== 65 || raw[0] !== 4) return undefined
  try {
    return crypto.createPublicKey({ key: jwkOf(raw), format: 'jwk' })
  } catch {
    return undefined
  }
}

function jwkOf(raw: Buffer): { kty: 'EC'; crv: 'P-256'; x: string; y: string } {
  return { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') }
}

function parseJson(b64: string): unknown {
  try {
    return JSON.parse(Buffer.from(b64, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
}

function b64json(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}
