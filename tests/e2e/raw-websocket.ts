import crypto from 'node:crypto'
import net from 'node:net'

/**
 * A WebSocket client that writes whatever bytes it is told to: the handshake by hand, then frames built here
 * (masked, as a client must), including ones no library would send. It reads the server's frames only far enough
 * to notice the close frame and its code.
 */
export interface RawSocket {
  socket: net.Socket
  /** The server's close code (1005 when its close frame had none), or null when the TCP connection just ended. */
  closed: Promise<number | null>
  /** Text frames the server sent, decoded. */
  texts: string[]
  write(bytes: Buffer): void
  destroy(): void
}

export const OPCODE = { continuation: 0x0, text: 0x1, binary: 0x2, close: 0x8, ping: 0x9 } as const

/** One client frame: `fin` false leaves a message unfinished; the payload is masked with a random key. */
export function frame(opcode: number, payload: Buffer | string, fin = true): Buffer {
  const data = typeof payload === 'string' ? Buffer.from(payload) : payload
  const mask = crypto.randomBytes(4)
  let header: Buffer
  if (data.length < 126) {
    header = Buffer.alloc(2)
    header[1] = 0x80 | data.length
  } else if (data.length < 65536) {
    header = Buffer.alloc(4)
    header[1] = 0x80 | 126
    header.writeUInt16BE(data.length, 2)
  } else {
    header = Buffer.alloc(10)
    header[1] = 0x80 | 127
    header.writeBigUInt64BE(BigInt(data.length), 2)
  }
  header[0] = (fin ? 0x80 : 0) | opcode
  const masked = Buffer.alloc(data.length)
  for (let i = 0; i < data.length; i++) masked[i] = data[i] ^ mask[i % 4]
  return Buffer.concat([header, mask, masked])
}

/** Opens /ws with the given cookie; resolves once the server answered 101, rejects on any other answer. */
export function openRawSocket(baseUrl: string, cookie: string): Promise<RawSocket> {
  const url = new URL(baseUrl)
  const socket = net.connect(Number(url.port), url.hostname)
  socket.on('error', () => {})
  const texts: string[] = []
  let buffer = Buffer.alloc(0)
  let upgraded = false
  let resolveClosed: (code: number | null) => void = () => {}
  const closed = new Promise<number | null>((r) => (resolveClosed = r))

  return new Promise<RawSocket>((resolve, reject) => {
    socket.on('connect', () => {
      socket.write(
        [
          'GET /ws HTTP/1.1',
          `Host: ${url.host}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}`,
          'Sec-WebSocket-Version: 13',
          `Origin: ${url.origin}`,
          `Cookie: ${cookie}`,
          '',
          '',
        ].join('\r\n'),
      )
    })
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk])
      if (!upgraded) {
        const end = buffer.indexOf('\r\n\r\n')
        if (end < 0) return
        const status = buffer.subarray(0, end).toString().split('\r\n')[0]
        if (!status.includes(' 101 ')) {
          socket.destroy()
          return reject(new Error(`upgrade refused: ${status}`))
        }
        upgraded = true
        buffer = buffer.subarray(end + 4)
        resolve({ socket, closed, texts, write: (b) => void socket.write(b), destroy: () => socket.destroy() })
      }
      while (buffer.length >= 2) {
        const opcode = buffer[0] & 0x0f
        let length = buffer[1] & 0x7f
        let offset = 2
        if (length === 126) {
          if (buffer.length < 4) return
          length = buffer.readUInt16BE(2)
          offset = 4
        } else if (length === 127) {
          if (buffer.length < 10) return
          length = Number(buffer.readBigUInt64BE(2))
          offset = 10
        }
        if (buffer.length < offset + length) return
        const payload = buffer.subarray(offset, offset + length)
        buffer = buffer.subarray(offset + length)
        if (opcode === OPCODE.text) texts.push(payload.toString())
        if (opcode === OPCODE.close) resolveClosed(payload.length >= 2 ? payload.readUInt16BE(0) : 1005)
      }
    })
    socket.on('close', () => {
      resolveClosed(null)
      if (!upgraded) reject(new Error('connection closed before the upgrade'))
    })
  })
}
