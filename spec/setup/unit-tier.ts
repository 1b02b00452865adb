/**
 * Setup file of the `unit` jest project (jest.config.ts): the specs that need no Weaviate server
 * (spec/setup/tiers.ts). No server runs for them, and this file makes sure none is reached: the
 * shared servers' URL variables (`WEAVIATE_URL*`, `WEAVIATE_GRPC_URL*`) cannot be read and their
 * keys are removed, and starting an embedded server or cluster throws. Either failure names the
 * rule that put the spec here, so a spec that needs a server through a path the rule does not see
 * fails in the unit tier instead of reaching a server no one started.
 */

const RULE =
  'it runs in the unit tier (npm run test:unit), which starts no server: a spec that needs one uses a server helper that NEEDS_A_SERVER in spec/setup/tiers.ts names (or add what it uses to that rule)'

const unitTierError = (what: string): Error => new Error(`${what}: ${RULE}`)

const SERVER_URL = /^WEAVIATE_(GRPC_)?URL/
const SERVER_KEY = /^WEAVIATE_API_KEY/

for (const name of Object.keys(process.env)) {
  if (SERVER_URL.test(name) || SERVER_KEY.test(name)) delete process.env[name]
}
process.env = new Proxy(process.env, {
  get: (target, name, receiver): unknown => {
    if (typeof name === 'string' && SERVER_URL.test(name)) throw unitTierError(`this spec reads ${name}`)
    return Reflect.get(target, name, receiver) as unknown
  },
})

jest.mock('../../lib/embedded/single', () => ({
  ...jest.requireActual<object>('../../lib/embedded/single'),
  startEmbedded: () => Promise.reject(unitTierError('this spec starts an embedded Weaviate')),
}))
jest.mock('../../lib/embedded/cluster', () => ({
  ...jest.requireActual<object>('../../lib/embedded/cluster'),
  startEmbeddedCluster: () => Promise.reject(unitTierError('this spec starts an embedded cluster')),
}))
