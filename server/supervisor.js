// The supervisor: keeps one server worker running (Node's cluster module, decision record 009). A worker that
// dies is started again with a growing delay; SIGTERM and SIGINT are passed on for a clean stop. It holds no
// application state and loads none of the application, so it has nothing that could crash it.
import cluster from 'node:cluster'

const EXIT_CONFIG = 78 // server/crash-handlers.server.ts: a bad configuration will not mend itself
const FIRST_DELAY_MS = 250
const MAX_DELAY_MS = 30_000
// A worker that ran this long was healthy: the next failure starts the backoff from the beginning.
const HEALTHY_AFTER_MS = 30_000
const STOP_GRACE_MS = 15_000

const log = (level, msg, fields = {}) =>
  process.stderr.write(JSON.stringify({ level, time: Date.now(), pid: process.pid, role: 'supervisor', msg, ...fields }) + '\n')

export function supervise() {
  // Workers accept connections themselves on the port the supervisor opened for them.
  cluster.schedulingPolicy = cluster.SCHED_NONE
  let worker
  let startedAt = 0
  let failures = 0
  let stopping = false
  let restartTimer

  const start = () => {
    restartTimer = undefined
    startedAt = Date.now()
    worker = cluster.fork()
    log(30, 'worker started', { worker: worker.process.pid })
  }

  cluster.on('exit', (w, code, signal) => {
    if (w !== worker) return
    worker = undefined
    if (stopping) process.exit(code ?? 1)
    if (code === EXIT_CONFIG) {
      log(60, 'worker refused its configuration: not restarting', { code })
      process.exit(code)
    }
    failures = Date.now() - startedAt > HEALTHY_AFTER_MS ? 1 : failures + 1
    const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - 1))
    log(50, 'worker died: restarting', { worker: w.process.pid, code, signal, delayMs: delay })
    restartTimer = setTimeout(start, delay)
  })

  for (const sig of ['SIGTERM', 'SIGINT']) {
    process.on(sig, () => {
      if (stopping) return
      stopping = true
      if (restartTimer) clearTimeout(restartTimer)
      if (!worker) process.exit(0)
      worker.process.kill(sig)
      setTimeout(() => worker?.process.kill('SIGKILL'), STOP_GRACE_MS).unref()
    })
  }
  start()
}
