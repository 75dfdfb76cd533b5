import type { Plugin } from 'vite'

const PARSER = '@formatjs/icu-messageformat-parser'

/**
 * The browser's build gets formatjs's parser without the parser (its `no-parser` entry: the syntax tree's types
 * and helpers only), as formatjs documents for precompiled messages: the browser only ever formats messages the
 * server parsed (app/i18n/message-bundles.server.ts). 6.5 KB less of every page's scripts (issue 26). The server's
 * build and the tests keep the parser; so does the dev server, whose pre-bundled react-intl this does not reach.
 */
export function messageParserLeftOut(): Plugin {
  return {
    name: 'message-parser-left-out',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (source !== PARSER || this.environment.name !== 'client') return null
      return this.resolve(`${PARSER}/no-parser.js`, importer, { ...options, skipSelf: true })
    },
  }
}
