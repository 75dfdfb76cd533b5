import type { ChildProcess } from 'node:child_process'

/** The scanners running now: ended with the scan (Ctrl-C, an error), so that none keeps attacking a stopped server. */
const running = new Set<ChildProcess>()

export function track<T extends ChildProcess>(child: T): T {
  running.add(child)
  child.once('exit', () => running.delete(child))
  return child
}

export function stopAll(): void {
  for (const child of running) child.kill('SIGKILL')
}
