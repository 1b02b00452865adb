// Layers without loops: `npm run lint` runs dependency-cruiser with this one rule over every
// TypeScript folder. A cycle fails lint whether its imports carry values or only types
// (`tsPreCompilationDeps`): a type that two modules import from each other belongs to one of them.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-import-cycle',
      comment: 'A module never imports, directly or through others, a module that imports it back.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
}
