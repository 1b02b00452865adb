// A jest transformer for the ES-module-only packages of OIDC sign-in (openid-client and its
// dependencies oauth4webapi and jose): jest 29's CommonJS sandbox neither runs `import()` (without
// --experimental-vm-modules) nor loads ES module syntax through `require`, so in specs these files
// are turned into CommonJS by the TypeScript compiler (in process: no helper process to leak).
// lib/context/oidc/load.ts then loads openid-client with `require`, its fallback for such
// sandboxes. hyparquet, the Parquet reader of spec/export.spec.ts, is such a package too. Outside
// jest nothing is transformed.
const ts = require('typescript')

module.exports = {
  process(source, filename) {
    const { outputText } = ts.transpileModule(source, {
      fileName: filename,
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, allowJs: true, esModuleInterop: true },
    })
    return { code: outputText }
  },
}
