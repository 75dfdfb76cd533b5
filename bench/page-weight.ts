import zlib from 'node:zlib'
import { rawGet } from './server-process'

/**
 * What a browser downloads for one page, as the server sends it with `Accept-Encoding: gzip, br`: the HTML, every
 * script the page loads (modulepreload links, script src, the inline module script's imports, and the static
 * imports of those files, followed to the end; dynamic `import()` inside the chunks is not followed: it loads on
 * demand), the stylesheets and the fonts they name (woff2 only: what a current browser picks).
 */
export interface PageWeight {
  path: string
  html: { raw: number; wire: number; encoding: string }
  /** Inline <script> elements carrying the React Router context and loader data (turbo-stream). */
  pageData: { raw: number; brotli: number; gzip: number; scripts: number; catalogKeys: number }
  /** All inline <script> elements together (page data, manifest and route imports, scroll restoration). */
  inlineScripts: { raw: number; scripts: number }
  scripts: { files: number; raw: number; wire: number; encoding: string; viaStaticImport: number; largest: { file: string; wire: number }[] }
  styles: { files: number; raw: number; wire: number }
  fonts: { file: string; wire: number }[]
}

const ACCEPT = { 'accept-encoding': 'gzip, br' }

/** `catalog`: the page's message catalog; the figure counts how many of its message ids the page data carries. */
export async function pageWeight(origin: string, pagePath: string, cookie: string | undefined, catalog: Record<string, string>): Promise<PageWeight> {
  const headers: Record<string, string> = { ...ACCEPT, ...(cookie ? { cookie } : {}) }
  const page = await rawGet(origin + pagePath, headers)
  if (page.status !== 200) throw new Error(`${pagePath}: expected 200, got ${page.status}`)
  const html = page.body.toString('utf8')

  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1])
  const data = inline.filter((s) => s.includes('__reactRouterContext'))
  const dataText = data.join('\n')

  // Entry points: modulepreload and script src, plus the inline module script's `import ... from "/assets/x.js"`
  // and `import("/assets/x.js")`.
  const entries = new Set<string>()
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) entries.add(m[1])
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) entries.add(m[1])
  for (const s of inline) for (const m of s.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+\.m?js)["']/g)) entries.add(m[1])

  const seen = new Map<string, { raw: number; wire: number; encoding: string }>()
  const queue = [...entries].map((u) => new URL(u, origin).href)
  let viaStaticImport = 0
  while (queue.length) {
    const url = queue.shift()!
    if (seen.has(url)) continue
    const r = await rawGet(url, ACCEPT)
    if (r.status !== 200) throw new Error(`${url}: ${r.status}`)
    seen.set(url, { raw: r.body.length, wire: r.wire.length, encoding: String(r.headers['content-encoding'] ?? 'identity') })
    // Static imports of a minified chunk: `import{a as b}from"./x.js"`, `import"./x.js"`, `export{...}from"./x.js"`.
    for (const m of r.body.toString('utf8').matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.m?js)["']/g)) {
      const next = new URL(m[1], url).href
      if (!seen.has(next) && !queue.includes(next)) {
        if (!entries.has(new URL(next).pathname)) viaStaticImport++
        queue.push(next)
      }
    }
  }
  const scripts = [...seen.entries()]
  const encodings = [...new Set(scripts.map(([, s]) => s.encoding))].join(', ')

  const styles: { raw: number; wire: number }[] = []
  const fonts: { file: string; wire: number }[] = []
  for (const m of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) {
    const url = new URL(m[1], origin).href
    const r = await rawGet(url, ACCEPT)
    styles.push({ raw: r.body.length, wire: r.wire.length })
    for (const f of r.body.toString('utf8').matchAll(/url\(\s*["']?([^"')]+\.woff2)(?:\?[^"')]*)?["']?\s*\)/g)) {
      const fontUrl = new URL(f[1], url).href
      if (fonts.some((x) => x.file === new URL(fontUrl).pathname)) continue
      const fr = await rawGet(fontUrl, ACCEPT)
      fonts.push({ file: new URL(fontUrl).pathname, wire: fr.wire.length })
    }
  }

  return {
    path: pagePath,
    html: { raw: page.body.length, wire: page.wire.length, encoding: String(page.headers['content-encoding'] ?? 'identity') },
    pageData: {
      raw: Buffer.byteLength(dataText),
      brotli: zlib.brotliCompressSync(dataText, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
      gzip: zlib.gzipSync(dataText).length,
      scripts: data.length,
      // Inside the script the turbo-stream is a JSON string in a JS string: a message id reads \"id\".
      catalogKeys: Object.keys(catalog).filter((k) => dataText.includes(`\\"${k}\\"`)).length,
    },
    inlineScripts: { raw: inline.reduce((n, s) => n + Buffer.byteLength(s), 0), scripts: inline.length },
    scripts: {
      files: scripts.length,
      raw: scripts.reduce((n, [, s]) => n + s.raw, 0),
      wire: scripts.reduce((n, [, s]) => n + s.wire, 0),
      encoding: encodings,
      viaStaticImport,
      largest: scripts
        .map(([u, s]) => ({ file: new URL(u).pathname.replace(/^\/assets\//, ''), wire: s.wire }))
        .sort((a, b) => b.wire - a.wire)
        .slice(0, Number(process.env.PAGE_WEIGHT_LARGEST ?? 5)),
    },
    styles: { files: styles.length, raw: styles.reduce((n, s) => n + s.raw, 0), wire: styles.reduce((n, s) => n + s.wire, 0) },
    fonts,
  }
}
