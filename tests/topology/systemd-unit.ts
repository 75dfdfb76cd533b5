import fs from 'node:fs'
import path from 'node:path'

export const SHIPPED_UNIT = path.resolve('deploy/systemd/dating@.service')

/**
 * What the shipped unit (deploy/systemd/dating@.service) runs for an instance: its command line and the variables
 * of its Environment= lines, with %i the instance (the port). The topology test starts its processes so.
 */
export function unitLaunch(instance: string, text = fs.readFileSync(SHIPPED_UNIT, 'utf8')): { exec: string[]; env: Record<string, string> } {
  const values = (key: string) => [...text.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1].replaceAll('%i', instance))
  const env: Record<string, string> = {}
  for (const line of values('Environment'))
    for (const pair of line.split(/\s+/).filter(Boolean)) env[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1)
  const [exec] = values('ExecStart')
  return { exec: exec.split(/\s+/), env }
}
