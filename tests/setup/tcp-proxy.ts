import net from 'node:net'
import { Transform } from 'node:stream'

/** Passes chunks on in order, each after a random wait of up to `maxMs()` (0: at once): a slow, jittery link. */
function jitter(maxMs: () => number) {
  return new Transform({
    transform(chunk, _enc, done) {
      const ms = maxMs()
      if (ms <= 0) return done(null, chunk)
      setTimeout(() => done(null, chunk), Math.random() * ms)
    },
  })
}

/**
 * A loopback TCP proxy in front of a service (PostgreSQL, Redis, a server's WebSocket port), so a test can make the
 * service "go away" for a moment without touching the real one: `cut()` drops every connection and refuses new
 * ones, `restore()` lets them through again. For a bad network: `delay(ms)` holds each chunk up to `ms` (in order),
 * and `resetShare(share)` drops that share of the open connections now, as a mobile network does. Single bytes are
 * never dropped: TCP would resend them, and a stream with a hole in it is not a fault a real network makes.
 */
export async function tcpProxy(target: { host: string; port: number }) {
  const open = new Set<net.Socket>()
  const pairs = new Set<[net.Socket, net.Socket]>()
  let down = false
  let delayMs = 0
  const server = net.createServer((client) => {
    client.on('error', () => {})
    if (down) return void client.destroy()
    const upstream = net.connect(target.port, target.host)
    upstream.on('error', () => client.destroy())
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
    open.add(client)
    open.add(upstream)
    const pair: [net.Socket, net.Socket] = [client, upstream]
    pairs.add(pair)
    client.on('close', () => (open.delete(client), pairs.delete(pair)))
    upstream.on('close', () => open.delete(upstream))
    client.pipe(jitter(() => delayMs)).pipe(upstream)
    upstream.pipe(jitter(() => delayMs)).pipe(client)
  })
  const cut = () => {
    down = true
    for (const s of open) s.destroy()
  }
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    port: (server.address() as net.AddressInfo).port,
    cut,
    restore: () => void (down = false),
    delay: (ms: number) => void (delayMs = ms),
    /** Resets about `share` of the open connections; returns how many. */
    resetShare(share: number): number {
      let n = 0
      for (const [client, upstream] of [...pairs]) {
        if (Math.random() >= share) continue
        n += 1
        client.resetAndDestroy()
        upstream.destroy()
      }
      return n
    },
    close: () => new Promise<void>((r) => (cut(), server.close(() => r()))),
  }
}
