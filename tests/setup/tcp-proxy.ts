import net from 'node:net'

/**
 * A loopback TCP proxy in front of a service (PostgreSQL, Redis), so a test can make the service "go away" for a
 * moment without touching the real one: `cut()` drops every connection and refuses new ones, `restore()` lets
 * them through again.
 */
export async function tcpProxy(target: { host: string; port: number }) {
  const open = new Set<net.Socket>()
  let down = false
  const server = net.createServer((client) => {
    client.on('error', () => {})
    if (down) return void client.destroy()
    const upstream = net.connect(target.port, target.host)
    upstream.on('error', () => client.destroy())
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
    open.add(client)
    open.add(upstream)
    client.on('close', () => open.delete(client))
    upstream.on('close', () => open.delete(upstream))
    client.pipe(upstream)
    upstream.pipe(client)
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
    close: () => new Promise<void>((r) => (cut(), server.close(() => r()))),
  }
}
