// The installed package through import: named imports from the CommonJS build (Node finds them
// with its CommonJS export detection), the scenario against WEAVIATE_URL; prints one JSON line,
// exits 1 on any mismatch.
import { connect, firstRight } from 'weaviate-rx'
import { toAsyncIterable } from 'weaviate-rx/paging'
import { startEmbedded } from 'weaviate-rx/embedded'
import { lastValueFrom, toArray } from 'rxjs'
import scenario from './scenario.cjs'

if (typeof startEmbedded !== 'function') throw new Error('weaviate-rx/embedded has no startEmbedded')
try {
  const result = await scenario.runScenario('mjs', { connect, firstRight, toAsyncIterable }, { lastValueFrom, toArray })
  console.log(JSON.stringify(result))
} catch (error) {
  console.error(error)
  process.exitCode = 1
}
