// The layers of lib/, as ARCHITECTURE.md draws them, checked by `npm run lint`: each folder of lib/
// may import only the folders listed for it (a lower layer never imports a higher one), the command
// only the package's public entries, and no module imports, through any chain, a module that
// imports it back. Type-only imports count too (`tsPreCompilationDeps`). `scripts/folder-pairs.mjs`
// adds the count of folders that import each other, which must stay 0.
/** Each folder of lib/ and the folders it may import, bottom layer first. */
const LAYERS = [
  ['core', []],
  ['proto', []],
  ['server', ['core']],
  ['paging', ['core']],
  ['observe', ['core']],
  ['input', ['core', 'server']],
  ['codecs', ['core', 'server', 'input', 'proto']],
  ['transport', ['core', 'server', 'input', 'codecs', 'proto', 'observe']],
  ['context', ['core', 'server', 'input', 'codecs', 'proto', 'transport', 'observe']],
  ['schema', ['core', 'server', 'input', 'codecs', 'proto', 'transport', 'context']],
  ['aliases', ['core', 'server', 'input', 'codecs', 'proto', 'transport', 'context']],
  ['backup', ['core', 'server', 'input', 'codecs', 'proto', 'transport', 'context']],
  ['classifications', ['core', 'server', 'input', 'codecs', 'proto', 'transport', 'context']],
  ['cluster', ['core', 'server', 'input', 'codecs', 'proto', 'transport', 'context']],
  ['access', ['core', 'server', 'input', 'codecs', 'proto', 'transport', 'context']],
  ['query', ['core', 'server', 'input', 'codecs', 'proto', 'transport', 'context', 'schema']],
  ['batch', ['core', 'server', 'input', 'codecs', 'proto', 'transport', 'context', 'paging']],
  ['references', ['core', 'server', 'input', 'context', 'batch']],
  ['objects', ['core', 'server', 'input', 'codecs', 'proto', 'transport', 'context', 'paging', 'schema', 'query', 'batch']],
  ['collection', ['core', 'server', 'input', 'codecs', 'context', 'schema', 'query', 'batch', 'references', 'objects']],
  ['embedded', ['core', 'server']],
]

/** The public entries: what the command may import, and what nothing but the command and specs imports. */
const ENTRIES = '^lib/(index|embedded)[.]ts$|^lib/paging/index[.]ts$'

/** Node's entry and the Node-only implementations below the interfaces the web build shares. */
const NODE_ONLY = [
  '^lib/(client|index|embedded)[.]ts$',
  '^lib/transport/http/(undici-connections|pools|transport|tls-connector)[.]ts$',
  '^lib/transport/grpc/(pipeline|channels|unary|metadata|keepalive)[.]ts$',
  '^lib/transport/grpc-web/undici-exchange[.]ts$',
  '^lib/context/(tls|oidc/load)[.]ts$',
].join('|')

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
    ...LAYERS.map(([folder, allowed]) => ({
      name: `layer-${folder}`,
      comment: `lib/${folder}/ imports only ${allowed.length === 0 ? 'its own files' : allowed.map((f) => `lib/${f}/`).join(', ')} (ARCHITECTURE.md).`,
      severity: 'error',
      from: { path: `^lib/${folder}/` },
      to: { path: '^lib/', pathNot: [`^lib/${folder}/`, ...allowed.map((f) => `^lib/${f}/`)] },
    })),
    {
      name: 'command-uses-public-entries',
      comment: 'The weaviate-rx command is built on the public entries only (weaviate-rx, weaviate-rx/paging, weaviate-rx/embedded).',
      severity: 'error',
      from: { path: '^lib/cli/' },
      to: { path: '^lib/', pathNot: ['^lib/cli/', ENTRIES] },
    },
    {
      name: 'entries-on-top',
      comment: 'Nothing in lib/ imports an entry (index.ts, client.ts, web.ts, build-client.ts, public-api.ts, embedded.ts) but the entries and the command.',
      severity: 'error',
      from: { path: '^lib/[^/]+/', pathNot: '^lib/cli/' },
      to: { path: '^lib/[^/]+[.]ts$' },
    },
    {
      name: 'web-entry-without-node',
      comment:
        "The web build (web.ts, and build-client.ts and public-api.ts, which Node's entry shares) imports neither Node's entry nor a Node-only implementation (undici, grpc-js, node:fs, node:tls); spec/web/bundle.spec.ts checks the whole graph.",
      severity: 'error',
      from: { path: '^lib/(web|build-client|public-api)[.]ts$' },
      to: { path: NODE_ONLY },
    },
    {
      name: 'http-below-grpc',
      comment: 'The gRPC transport reuses the REST policy (retry, deadline, nodes); REST knows nothing of gRPC.',
      severity: 'error',
      from: { path: '^lib/transport/http/' },
      to: { path: '^lib/transport/grpc/' },
    },
    {
      name: 'grpc-web-above-grpc',
      comment: 'gRPC-Web is a carrier of the gRPC calls (lib/transport/grpc-web/): it uses the gRPC and REST transports, neither of them knows it.',
      severity: 'error',
      from: { path: '^lib/transport/(http|grpc)/' },
      to: { path: '^lib/transport/grpc-web/' },
    },
    {
      name: 'grpc-web-framing-alone',
      comment: 'The gRPC-Web framing is the only wire code of ours, plain Uint8Array work for every runtime: it imports nothing.',
      severity: 'error',
      from: { path: '^lib/transport/grpc-web/framing[.]ts$' },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
}
