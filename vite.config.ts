import { reactRouter } from '@react-router/dev/vite'
import path from 'node:path'
import { defineConfig } from 'vite'
import { iconSprite } from './scripts/icon-sprite.js'
import { messageParserLeftOut } from './scripts/message-parser-left-out.js'
import { precompressAssets } from './scripts/precompress-assets.js'
import { purgeUnusedCss } from './scripts/purge-css.js'
import { shellChunks } from './scripts/shell-chunks.js'

// The server bundle's entry is server/app.ts so that the HTTP app, the WebSocket hub and the React Router
// handler share one module graph (one database client, one bus) in production and in dev.
export default defineConfig(({ command, isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild ? { input: './server/app.ts' } : { output: { codeSplitting: shellChunks(import.meta.dirname) } },
    target: 'es2022',
    // The icon sprite is referenced by <use href="…#name">, which a data: URL cannot serve: always a file.
    assetsInlineLimit: (file) => (file.endsWith('/icon-sprite.svg') ? false : undefined),
  },
  css: {
    preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] } },
    // Only what the app's source names (scripts/purge-css.ts); the dev server keeps all of it.
    postcss: command === 'build' ? { plugins: [purgeUnusedCss()] } : undefined,
  },
  // react-bootstrap's deep imports are directories, which Node's ESM loader refuses: bundle it into the server build.
  ssr: {
    noExternal: ['react-bootstrap', '@restart/ui', '@restart/hooks', 'dom-helpers', 'uncontrollable', 'react-transition-group', '@react-aria/ssr'],
    external: ['@electric-sql/pglite', 'sharp', '@node-rs/argon2', 'pg', 'ioredis', 'pino', 'ws'],
  },
  resolve: {
    alias: [
      { find: /^#app\/(.*)$/, replacement: path.resolve('app') + '/$1' },
      { find: /^#db\/(.*)$/, replacement: path.resolve('db') + '/$1' },
    ],
  },
  plugins: [messageParserLeftOut(), iconSprite(), reactRouter(), precompressAssets()],
}))
