import path from 'node:path'

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null
}

const isLibrary = (id: string) => id.includes('/node_modules/')

/** The modules a module imports statically, directly or through others (imports of types are gone by then). */
function staticClosure(entries: string[], graph: ModuleGraph, libraries: boolean): Set<string> {
  const seen = new Set<string>()
  const queue = [...entries]
  for (let id = queue.pop(); id; id = queue.pop()) {
    if (seen.has(id)) continue
    seen.add(id)
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) if (libraries || !isLibrary(next)) queue.push(next)
  }
  return seen
}

/**
 * The browser build's chunks of the page shell (issue 26). Left to itself the bundler gave each module that several
 * routes share a chunk of its own: `/members` loaded 39 files, each compressed on its own, where fewer files compress
 * the same code several KB smaller, in fewer requests. What the root route imports statically loads on every page
 * anyway: the libraries among it make one chunk (`framework`, which changes only with them) and the app's own modules
 * another (`shell`). What the site's layout imports statically loads on every page under it: the app's modules
 * among it that the visitor's first pages (the home page and its layout) do not import make a third (`site-shell`).
 * Modules loaded lazily, and those only some pages import, stay where the bundler puts them. Each group takes the
 * modules its own modules import unless a group before it took them, hence the priorities.
 */
export function shellChunks(root: string) {
  const at = (file: string) => path.resolve(root, file)
  const rootRoute = at('app/root.tsx')
  const siteLayout = at('app/layouts/default.tsx')
  let sets: { libraries: Set<string>; shell: Set<string>; site: Set<string>; visitor: Set<string> } | undefined
  const setsOf = (graph: ModuleGraph) =>
    (sets ??= {
      libraries: staticClosure([rootRoute], graph, true),
      shell: staticClosure([rootRoute], graph, false),
      site: staticClosure([siteLayout], graph, false),
      visitor: staticClosure([at('app/layouts/lander.tsx'), at('app/routes/home.tsx')], graph, false),
    })
  // The route modules themselves stay the route's own chunk, as React Router expects.
  const own = (id: string) => id === rootRoute || id === siteLayout || isLibrary(id)
  return {
    groups: [
      {
        debugName: 'framework',
        priority: 4,
        name: (id: string, graph: ModuleGraph) => (isLibrary(id) && setsOf(graph).libraries.has(id) ? 'framework' : null),
      },
      {
        debugName: 'shell',
        priority: 3,
        name: (id: string, graph: ModuleGraph) => (!own(id) && setsOf(graph).shell.has(id) ? 'shell' : null),
      },
      {
        debugName: 'page-frame',
        priority: 2,
        name: (id: string, graph: ModuleGraph) => {
          const s = setsOf(graph)
          return !own(id) && s.site.has(id) && s.visitor.has(id) && !s.shell.has(id) ? 'page-frame' : null
        },
      },
      {
        debugName: 'site-shell',
        priority: 1,
        name: (id: string, graph: ModuleGraph) => {
          const s = setsOf(graph)
          return !own(id) && s.site.has(id) && !s.shell.has(id) && !s.visitor.has(id) ? 'site-shell' : null
        },
      },
    ],
  }
}
