/**
 * Folder-level import cycles (issue 25, docs/architecture.md). ESLint's import-x/no-cycle sees cycles between files
 * and the rank list in eslint.config.js keeps features pointing down; this check sees any two folders of app/ that
 * import each other, however many files apart, including sub-folders of a feature. `npm run lint` and `npm test`
 * run it (scripts/check-folders.mjs); scripts/folder-cycles.test.ts shows it failing on a deliberate cycle.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycle',
      severity: 'error',
      scope: 'folder',
      comment: 'Two folders import each other: move the shared part to the lower one, or below both (docs/architecture.md).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^app/',
    // Tests arrange through whatever they test, and may reach up.
    exclude: { path: '\\.test\\.tsx?$' },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'node', 'default'] },
  },
}
