import net from 'node:net'

/**
 * A loopback TCP proxy in front of PostgreSQL that reads the client side of the wire protocol and counts the
 * statements the server executes (simple `Query` and extended `Execute` messages), with their SQL text: how many
 * database round trips one HTTP request costs. Bytes pass through unchanged.
 */
export interface StatementCounter {
  port: number
  /** Statements executed since the last reset, by SQL text (whitespace collapsed). */
  counts: Map<string, number>
  total(): number
  reset(): void
  close(): Promise<void>
}

export async function startStatementCounter(upstreamHost: string, upstreamPort: number): Promise<StatementCounter> {
  const counts = new Map<string, number>()
  const sockets = new Set<net.Socket>()
  const count = (text: string) => {
    const key = text.replace(/\s+/g, ' ').trim()
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  const server = net.createServer((client) => {
    const upstream = net.connect(upstreamPort, upstreamHost)
    sockets.add(client)
    sockets.add(upstream)
    let buf = Buffer.alloc(0)
    let startup = true
    const statements = new Map<string, string>()
    let bound = ''
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk)
      buf = Buffer.concat([buf, chunk])
      for (;;) {
        if (startup) {
          if (buf.length < 8) break
          const len = buf.readInt32BE(0)
          if (buf.length < len) break
          const code = buf.readInt32BE(4)
          // SSLRequest and GSSENCRequest come before the startup message proper.
          if (code !== 80877103 && code !== 80877104) startup = false
          buf = buf.subarray(len)
          continue
        }
        if (buf.length < 5) break
        const type = String.fromCharCode(buf[0])
        const len = buf.readInt32BE(1)
        if (buf.length < 1 + len) break
        const body = buf.subarray(5, 1 + len)
        buf = buf.subarray(1 + len)
        const cstrings = (b: Buffer, n: number) => {
          const out: string[] = []
          let at = 0
          for (let i = 0; i < n; i++) {
            const end = b.indexOf(0, at)
            out.push(b.subarray(at, end).toString('utf8'))
            at = end + 1
          }
          return out
        }
        if (type === 'Q') count(cstrings(body, 1)[0])
        else if (type === 'P') {
          const [name, text] = cstrings(body, 2)
          statements.set(name, text)
        } else if (type === 'B') bound = statements.get(cstrings(body, 2)[1]) ?? '?'
        else if (type === 'E') count(bound)
      }
    })
    upstream.on('data', (chunk: Buffer) => client.write(chunk))
    const end = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    client.on('close', end)
    upstream.on('close', end)
    client.on('error', end)
    upstream.on('error', end)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const addr = server.address() as net.AddressInfo
  return {
    port: addr.port,
    counts,
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    reset: () => counts.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}
