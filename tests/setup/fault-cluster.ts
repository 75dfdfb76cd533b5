import { freePort, startServer, until, type ServerProcess } from './server-process'
import { tcpProxy } from './tcp-proxy'
import type { Endpoint } from './chat-client'

type Proxy = Awaited<ReturnType<typeof tcpProxy>>

/** One server process of the fault tests, on a fixed port (a restart takes it again), behind a proxy for sockets. */
export interface Node {
  name: string
  port: number
  proc: ServerProcess | undefined
  /** Whether the load balancer sends new connections here: off from the moment the test stops or kills it. */
  up: boolean
  frames: Proxy
  /** Output of earlier runs of this node (a killed or stopped process), for diagnosis. */
  history: string
}

/**
 * Two (or more) server processes sharing one database and one Redis, as behind a load balancer: `route(home)`
 * is what the balancer does for a client of `home` (there while it is up, else another one that is).
 */
export async function startCluster(names: string[], env: Record<string, string>) {
  const nodes: Node[] = []
  for (const name of names) {
    const port = await freePort()
    nodes.push({ name, port, proc: undefined, up: false, frames: await tcpProxy({ host: '127.0.0.1', port }), history: '' })
  }

  async function start(node: Node) {
    // Info level: a failing test shows the shutdown's phases (ids and codes only, never personal data).
    node.proc = await startServer({ SUPERVISE: '0', LOG_LEVEL: 'info', ...env }, 60_000, { port: node.port })
    node.up = true
  }

  function retire(node: Node) {
    node.up = false
    node.history += node.proc?.output() ?? ''
  }

  await Promise.all(nodes.map(start))

  return {
    nodes,
    start,
    /** SIGKILL: the process dies on the spot, mid-whatever. */
    async kill(node: Node) {
      retire(node)
      node.proc!.child.kill('SIGKILL')
      await node.proc!.exited
    },
    /** SIGTERM (the balancer stops sending first, as readiness turns 503); resolves to the exit code and the time it took. */
    async terminate(node: Node): Promise<{ code: number | null; ms: number }> {
      retire(node)
      const t0 = Date.now()
      const proc = node.proc!
      proc.child.kill('SIGTERM')
      const code = await Promise.race([proc.exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 20_000))])
      if (code === 'hung') {
        proc.child.kill('SIGKILL')
        throw new Error(`${node.name} did not stop within 20 s of SIGTERM:\n${proc.output().slice(-4000)}`)
      }
      return { code, ms: Date.now() - t0 }
    },
    route(home: Node): Endpoint {
      const n = home.up ? home : (nodes.find((x) => x.up) ?? home)
      return { wsPort: n.frames.port, httpPort: n.port }
    },
    async waitUp(ms = 30_000) {
      await until(() => nodes.every((n) => n.up), ms)
    },
    async close() {
      for (const n of nodes) if (n.proc && n.proc.child.exitCode === null) n.proc.child.kill('SIGKILL')
      await Promise.all(nodes.map((n) => n.frames.close()))
    },
    output: () => nodes.map((n) => `--- ${n.name}\n${n.history}${n.proc?.output() ?? ''}`).join('\n'),
  }
}
