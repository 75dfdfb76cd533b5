// The order of a route module's parts (shared/ARCHITECTURE.md, "Route module order", after the Epic Stack):
// handle → schemas → loader → action → component → meta → ErrorBoundary. Other declarations (helpers, types,
// small components) may stand anywhere. `npx tsx scripts/route-order.ts` lists the modules out of order;
// `--fix` puts their parts in order by filling the places the parts already take with the parts sorted, so helpers
// stay where they were. app/routes/route-order.test.ts keeps every module in order.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export const partOrder = ['handle', 'schema', 'loader', 'action', 'component', 'meta', 'ErrorBoundary'] as const
export type Part = (typeof partOrder)[number]

const hasExport = (s: ts.Statement) => ts.canHaveModifiers(s) && (ts.getModifiers(s) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
const isDefault = (s: ts.Statement) => ts.canHaveModifiers(s) && (ts.getModifiers(s) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)

/** The part a top-level statement is, or null for anything else. */
export function partOf(s: ts.Statement, sf: ts.SourceFile): Part | null {
  if (isDefault(s) || ts.isExportAssignment(s)) return 'component'
  const names =
    ts.isFunctionDeclaration(s) && s.name ? [s.name.text] : ts.isVariableStatement(s) ? s.declarationList.declarations.map((d) => d.name.getText(sf)) : []
  if (hasExport(s)) {
    for (const name of names) {
      if (name === 'handle') return 'handle'
      if (name === 'loader' || name === 'shouldRevalidate' || name === 'headers') return 'loader'
      if (name === 'action') return 'action'
      if (name === 'meta') return 'meta'
      if (name === 'ErrorBoundary') return 'ErrorBoundary'
    }
  }
  // A form's zod schema: a top-level constant made by z.… (shared by the loader, the action and the form).
  if (
    ts.isVariableStatement(s) &&
    s.declarationList.declarations.some((d) => d.initializer && /^z\s*\.|^\w+Schema\s*\./.test(d.initializer.getText(sf)) && /schema/i.test(d.name.getText(sf)))
  )
    return 'schema'
  return null
}

interface Placed {
  part: Part
  start: number
  end: number
}

function partsOf(text: string, file: string): { sf: ts.SourceFile; placed: Placed[] } {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const placed: Placed[] = []
  for (const s of sf.statements) {
    const part = partOf(s, sf)
    // The statement with its leading comments, up to the end of its line.
    if (part) placed.push({ part, start: s.getFullStart(), end: s.getEnd() })
  }
  return { sf, placed }
}

/** Whether the module's parts stand in order; the first part out of order otherwise. */
export function checkOrder(text: string, file: string): { ok: true } | { ok: false; part: Part; after: Part } {
  const { placed } = partsOf(text, file)
  for (let i = 1; i < placed.length; i++) {
    if (partOrder.indexOf(placed[i].part) < partOrder.indexOf(placed[i - 1].part)) return { ok: false, part: placed[i].part, after: placed[i - 1].part }
  }
  return { ok: true }
}

/** The module with its parts in order: each place a part took gets the parts sorted (stable), helpers stay. */
export function fixOrder(text: string, file: string): string {
  const { placed } = partsOf(text, file)
  const sorted = [...placed].sort((a, b) => partOrder.indexOf(a.part) - partOrder.indexOf(b.part))
  let out = ''
  let at = 0
  placed.forEach((slot, i) => {
    out += text.slice(at, slot.start)
    const chunk = text.slice(sorted[i].start, sorted[i].end)
    // Keep a blank line before every part after the first one.
    out += i === 0 || chunk.startsWith('\n\n') ? chunk : `\n\n${chunk.replace(/^\n+/, '')}`
    at = slot.end
  })
  return out + text.slice(at)
}

/** Route modules: every file of app/routes except tests and server-only helpers. */
export function routeModules(root: string): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
      const p = path.join(dir, d.name)
      if (d.isDirectory()) return walk(p)
      return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$|\.server\.ts$|\.d\.ts$/.test(d.name) ? [p] : []
    })
  return walk(path.join(root, 'app/routes'))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const fix = process.argv.includes('--fix')
  let wrong = 0
  for (const file of routeModules(root)) {
    const text = fs.readFileSync(file, 'utf8')
    const result = checkOrder(text, file)
    if (result.ok) continue
    wrong++
    if (fix) fs.writeFileSync(file, fixOrder(text, file))
    else console.log(`${path.relative(root, file)}: ${result.part} after ${result.after}`)
  }
  console.log(`${wrong} route module(s) out of order${fix ? ', put in order' : ''}`)
}
