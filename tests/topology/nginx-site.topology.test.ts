import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkConfig, renderSite, SHIPPED_SITE, tempDir, type SiteOptions } from './nginx'

// The shipped nginx site, as the topology test renders it, is a configuration nginx accepts: as the edge, and
// behind a load balancer. And the rendering is strict: should a line it replaces change, it says so.

const options = (): SiteOptions => ({
  https: '127.0.0.1:4690',
  http: '127.0.0.1:4691',
  upstreams: ['127.0.0.1:4692', '127.0.0.1:4693'],
  cert: process.env.TOPOLOGY_TLS_CERT!,
  key: process.env.TOPOLOGY_TLS_KEY!,
  dir: tempDir('nginx-t'),
})

describe('deploy/nginx/dating.conf', () => {
  it('passes nginx -t as the edge', () => {
    const o = options()
    const r = checkConfig(o)
    expect(r.output).toContain('test is successful')
    expect(r.status).toBe(0)
    // As shipped nothing believes a visitor's X-Forwarded-For.
    expect(fs.readFileSync(`${o.dir}/site.conf`, 'utf8')).not.toMatch(/^\s*set_real_ip_from/m)
    fs.rmSync(o.dir, { recursive: true, force: true })
  })

  it('passes nginx -t behind a load balancer (its real_ip lines switched on)', () => {
    const o = { ...options(), loadBalancers: ['127.0.0.9', '10.0.0.0/8'] }
    const r = checkConfig(o)
    expect(r.status, r.output).toBe(0)
    expect(fs.readFileSync(`${o.dir}/site.conf`, 'utf8')).toMatch(
      /^\s*set_real_ip_from 127\.0\.0\.9;\n\s*set_real_ip_from 10\.0\.0\.0\/8;\n\s*real_ip_header X-Forwarded-For;\n\s*real_ip_recursive on;/m,
    )
    fs.rmSync(o.dir, { recursive: true, force: true })
  })

  it('the rendering fails when a line it replaces is no longer there', () => {
    const shipped = fs.readFileSync(SHIPPED_SITE, 'utf8')
    const o = options()
    expect(() => renderSite(shipped.replace('listen 443 ssl http2;', 'listen 443 ssl;'), o)).toThrow(/listen 443 ssl http2/)
    fs.rmSync(o.dir, { recursive: true, force: true })
  })
})
