import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { until } from '../setup/server-process'

// The shipped nginx site (deploy/nginx/dating.conf), run by Debian's nginx as a child of the test: a temporary
// prefix, no daemon, loopback ports only. /etc/nginx and the system's nginx are never touched.

export const NGINX = '/usr/sbin/nginx'
export const SHIPPED_SITE = path.resolve('deploy/nginx/dating.conf')

export interface SiteOptions {
  /** Where the https server listens (address:port) and the plain http one (the redirect). */
  https: string
  http: string
  /** The app processes (address:port). */
  upstreams: string[]
  cert: string
  key: string
  /** Behind a load balancer: its addresses (the shipped file's commented real_ip lines, switched on). */
  loadBalancers?: string[]
  /** A folder of this nginx's own (cache, logs, temporary files). */
  dir: string
}

/**
 * The shipped site with the test's addresses, ports, certificate and folders: each change replaces one of the
 * lines the file marks CHANGE (or the real_ip lines it ships commented out), and fails loudly should that line
 * have changed, so that what runs is the shipped file and not a copy of it.
 */
export function renderSite(shipped: string, o: SiteOptions): string {
  let text = shipped
  const replace = (pattern: RegExp, by: string | ((m: string) => string), count = 1) => {
    const found = text.match(new RegExp(pattern.source, 'gm'))?.length ?? 0
    if (found !== count) throw new Error(`deploy/nginx/dating.conf: expected ${count} line(s) matching ${pattern}, found ${found}`)
    text = text.replace(new RegExp(pattern.source, 'gm'), by as string)
  }
  replace(/^( *)listen 443 ssl http2;$/, `$1listen ${o.https} ssl http2;`)
  replace(/^( *)listen 80;$/, `$1listen ${o.http};`)
  // IPv6: not on the test machine's loopback.
  replace(/^ *listen \[::\]:(80|443)[^;]*;\n/, '', 2)
  replace(/^( *)server 10\.77\.0\.11:3000 (.*)$/, (m) => o.upstreams.map((u) => m.replace('10.77.0.11:3000', u)).join('\n'))
  replace(/^ *server 10\.77\.0\.12:3000 .*\n/, '')
  replace(/\/etc\/letsencrypt\/live\/example\.com\/fullchain\.pem/, o.cert)
  replace(/\/etc\/letsencrypt\/live\/example\.com\/privkey\.pem/, o.key)
  replace(/\/var\/cache\/nginx\/dating /, `${path.join(o.dir, 'cache')} `)
  replace(/\/var\/log\/nginx\/dating\.access\.log/, path.join(o.dir, 'access.log'))
  replace(/\/var\/www\/html;/, `${path.join(o.dir, 'acme')};`)
  if (o.loadBalancers) {
    replace(/^( *)# set_real_ip_from 10\.77\.0\.2;$/, (m) =>
      o.loadBalancers!.map((lb) => m.replace('# set_real_ip_from 10.77.0.2', `set_real_ip_from ${lb}`)).join('\n'),
    )
    replace(/^( *)# (real_ip_header X-Forwarded-For;)$/, '$1$2')
    replace(/^( *)# (real_ip_recursive on;)$/, '$1$2')
  }
  return text
}

/** nginx's main file around the site, as Debian's /etc/nginx/nginx.conf includes sites, with the test's paths. */
function mainConfig(dir: string): string {
  const tmp = (name: string) => path.join(dir, 'tmp', name)
  return `daemon off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 512; }
http {
  client_body_temp_path ${tmp('body')};
  proxy_temp_path ${tmp('proxy')};
  fastcgi_temp_path ${tmp('fastcgi')};
  uwsgi_temp_path ${tmp('uwsgi')};
  scgi_temp_path ${tmp('scgi')};
  include ${path.join(dir, 'site.conf')};
}
`
}

/** Writes the rendered site and the main file into `o.dir`; returns nginx's arguments. */
export function prepare(o: SiteOptions, shipped = fs.readFileSync(SHIPPED_SITE, 'utf8')): string[] {
  fs.mkdirSync(path.join(o.dir, 'tmp'), { recursive: true })
  // nginx's workers run as nobody when the test runs as root: they must reach the cache and temporary folders.
  fs.chmodSync(o.dir, 0o755)
  fs.chmodSync(path.join(o.dir, 'tmp'), 0o755)
  fs.writeFileSync(path.join(o.dir, 'site.conf'), renderSite(shipped, o))
  fs.writeFileSync(path.join(o.dir, 'nginx.conf'), mainConfig(o.dir))
  return ['-p', o.dir, '-c', path.join(o.dir, 'nginx.conf'), '-e', path.join(o.dir, 'error.log')]
}

/** `nginx -t` on the rendered site: its exit code and what it said. */
export function checkConfig(o: SiteOptions): { status: number | null; output: string } {
  const r = spawnSync(NGINX, [...prepare(o), '-t'], { encoding: 'utf8' })
  return { status: r.status, output: `${r.stdout}${r.stderr}` }
}

export function tempDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `h6-${name}-`))
}

const answers = (hostPort: string) =>
  new Promise<boolean>((resolve) => {
    const [host, port] = hostPort.split(':')
    const s = net.connect(Number(port), host)
    s.on('connect', () => (s.destroy(), resolve(true)))
    s.on('error', () => resolve(false))
  })

/** Starts nginx on the rendered site; resolves once both ports accept connections. */
export async function startNginx(o: SiteOptions) {
  const child: ChildProcess = spawn(NGINX, prepare(o), { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const log = () => `${output}${fs.existsSync(path.join(o.dir, 'error.log')) ? fs.readFileSync(path.join(o.dir, 'error.log'), 'utf8') : ''}`
  try {
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${log()}`)
      return (await answers(o.https)) && (await answers(o.http))
    }, 10_000)
  } catch (e) {
    child.kill('SIGKILL')
    throw e
  }
  return {
    log,
    accessLog: () => fs.readFileSync(path.join(o.dir, 'access.log'), 'utf8'),
    /** SIGQUIT: nginx's graceful stop. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      }
      fs.rmSync(o.dir, { recursive: true, force: true })
    },
  }
}
