import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import { freePort, until } from './server-process'

/**
 * A Redis server of the test's own (Debian's redis-server), on a free loopback port, without persistence, so a
 * fault test can really restart it without touching the machine's shared Redis.
 */
export async function startRedis(binary = '/usr/bin/redis-server') {
  const port = await freePort()
  let child: ChildProcess | undefined

  const answers = () =>
    new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1')
      s.setTimeout(500, () => (s.destroy(), resolve(false)))
      s.on('error', () => resolve(false))
      s.on('connect', () => s.write('PING\r\n'))
      s.on('data', (d) => (s.destroy(), resolve(String(d).startsWith('+PONG'))))
    })

  async function start() {
    child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
    await until(answers, 10_000)
  }

  async function stop(signal: NodeJS.Signals = 'SIGTERM') {
    const c = child
    if (!c || c.exitCode !== null || c.signalCode !== null) return
    const exited = new Promise((r) => c.once('exit', r))
    c.kill(signal)
    await exited
  }

  await start()
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    /** Stops it (SIGKILL: no goodbye to its clients), waits `downMs`, starts it again on the same port, empty. */
    async restart(downMs: number, signal: NodeJS.Signals = 'SIGKILL') {
      await stop(signal)
      await new Promise((r) => setTimeout(r, downMs))
      await start()
    },
    stop,
  }
}
