// The house plan's figures (issue 25, docs/architecture.md): long files, long functions, long lines. Tests and
// benches are left out: the rules are for the product's code. `npx tsx scripts/house-metrics.ts [--list]`
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const roots = ['app', 'server', 'db', 'scripts']
const skip = (f: string) => /\.test\.tsx?$|\.spec\.ts$|\/fixtures\/|db\/migrations\/|\.d\.ts$/.test(f)

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name)
    if (d.isDirectory()) return d.name === 'node_modules' ? [] : sourceFiles(p)
    return /\.(ts|tsx|mjs|js)$/.test(d.name) && !skip(p) ? [p] : []
  })
}

interface LongFunction {
  file: string
  name: string
  lines: number
}

function functionsOf(file: string, text: string): LongFunction[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: LongFunction[] = []
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line
      const parent = node.parent
      const name =
        (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name
          ? node.name.getText(sf)
          : parent && ts.isVariableDeclaration(parent)
            ? parent.name.getText(sf)
            : '(anonymous)'
      found.push({ file, name, lines: end - start + 1 })
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return found
}

const files = roots.flatMap((r) => (fs.existsSync(r) ? sourceFiles(r) : []))
let longLines = 0
const longFiles: [string, number][] = []
const functions: LongFunction[] = []
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8')
  const lines = text.split('\n')
  longLines += lines.filter((l) => l.length > 160).length
  if (lines.length > 300) longFiles.push([file, lines.length])
  functions.push(...functionsOf(file, text))
}
const over = (n: number) => functions.filter((f) => f.lines > n)
console.log(`files: ${files.length}`)
console.log(`files over 300 lines: ${longFiles.length}`)
console.log(`functions over 80 lines: ${over(80).length}`)
console.log(`functions over 120 lines: ${over(120).length}`)
console.log(`lines over 160 characters: ${longLines}`)
if (process.argv.includes('--list')) {
  for (const [f, n] of longFiles.sort((a, b) => b[1] - a[1])) console.log(`  file ${n} ${f}`)
  for (const f of over(80).sort((a, b) => b.lines - a.lines)) console.log(`  function ${f.lines} ${f.file} ${f.name}`)
}
