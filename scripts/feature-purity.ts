/**
 * Features take plain values and return reasons (issue 25, docs/architecture.md): no `Request`, `FormData`,
 * `Response` or `Headers`, nothing of react-router, and no HTTP status numbers in app/features, except in tests,
 * in components/ and in the client hooks (`use-*.ts`), which may use react-router's UI. The routes do the HTTP,
 * with the one reason→status map of app/lib/refusals.ts. scripts/feature-purity.test.ts runs it.
 *
 * Usage: `node --experimental-strip-types scripts/feature-purity.ts [root]` (root: the folder holding app/features).
 */
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

export interface Offence {
  file: string
  line: number
  what: string
}

const HTTP_NAMES = new Set(['Request', 'Response', 'FormData', 'Headers'])
const isStatus = (n: number) => Number.isInteger(n) && n >= 100 && n <= 599
const isErrorStatus = (n: number) => Number.isInteger(n) && n >= 400 && n <= 599

/** Whether a file under app/features is held to the rule (not a test, a component or a client hook). */
export function isChecked(relative: string): boolean {
  const p = relative.split(path.sep).join('/')
  if (!/\.tsx?$/.test(p) || /\.test\.tsx?$/.test(p) || /\.d\.ts$/.test(p)) return false
  if (p.split('/').includes('components')) return false
  return !/^use-[^/]*\.tsx?$/.test(path.posix.basename(p))
}

function numberOf(e: ts.Expression | undefined): number | null {
  if (!e) return null
  if (ts.isNumericLiteral(e)) return Number(e.text)
  if (ts.isAsExpression(e) || ts.isParenthesizedExpression(e) || ts.isSatisfiesExpression(e)) return numberOf(e.expression)
  return null
}

const nameOf = (n: ts.PropertyName) => (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isNumericLiteral(n) ? n.text : null)

/** The offences in one source text. */
export function offencesIn(file: string, text: string): Offence[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const out: Offence[] = []
  const add = (node: ts.Node, what: string) => out.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, what })
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text
      if (from === 'react-router' || from.startsWith('@react-router/')) add(node, `imports ${from}`)
    }
    // Augmenting react-router's types (its AppLoadContext) ties a feature to the HTTP layer as an import does.
    if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name) && (node.name.text === 'react-router' || node.name.text.startsWith('@react-router/')))
      add(node, `augments ${node.name.text}`)
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0]
      if (arg && ts.isStringLiteral(arg) && (arg.text === 'react-router' || arg.text.startsWith('@react-router/'))) add(node, `imports ${arg.text}`)
    }
    if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal) &&
      node.argument.literal.text === 'react-router'
    )
      add(node, 'imports react-router')
    if (ts.isIdentifier(node) && HTTP_NAMES.has(node.text)) {
      const p = node.parent
      // `x.Request` or `{ Request: … }` name something else; the global or the type is the offence.
      const member =
        (ts.isPropertyAccessExpression(p) && p.name === node) ||
        ((ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p)) && p.name === node)
      if (!member) add(node, `uses ${node.text}`)
    }
    // `status: 404` (a status in a result or a response init) …
    if (ts.isPropertyAssignment(node)) {
      const key = nameOf(node.name)
      const n = numberOf(node.initializer)
      if ((key === 'status' || key === 'statusCode') && n !== null && isStatus(n)) add(node, `HTTP status ${n}`)
    }
    // … and a reason→status map: an object of two or more entries, every value a 4xx/5xx number.
    if (ts.isObjectLiteralExpression(node) && node.properties.length >= 2) {
      const values = node.properties.map((p) => (ts.isPropertyAssignment(p) ? numberOf(p.initializer) : null))
      if (values.every((v) => v !== null && isErrorStatus(v))) add(node, 'a reason→status map')
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return out
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name)
    return d.isDirectory() ? filesUnder(p) : [p]
  })
}

/** The offences under `<root>/app/features`, with paths relative to root. */
export function featureOffences(root: string): Offence[] {
  const features = path.join(root, 'app', 'features')
  return filesUnder(features)
    .filter((f) => isChecked(path.relative(features, f)))
    .flatMap((f) => offencesIn(path.relative(root, f).split(path.sep).join('/'), fs.readFileSync(f, 'utf8')))
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? '')) {
  const found = featureOffences(path.resolve(process.argv[2] ?? '.'))
  for (const o of found) console.log(`${o.file}:${o.line}: ${o.what}`)
  process.exit(found.length ? 1 : 0)
}
