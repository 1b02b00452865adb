/**
 * Stream group 4: memory, each in a fresh child process (memory.ts): peak above a post-GC baseline
 * while a slow `for await` consumer (~20 µs per object, page size 1,000) streams the class, then
 * the class grown to `large` objects: `bench: stream memory 100k peak` (RSS, MB), `100k peak heap`
 * (heap + external, MB), the same for 400k, `400k/100k peak rss` and `400k/100k peak heap`.
 *
 * Child mode (run by the group itself, the server in the environment: memory.ts):
 * `node -r ts-node/register/transpile-only bench/stream-memory.ts --memory <class>`.
 */
import { lastValueFrom } from 'rxjs'
import { connect } from '../lib'
import { loadBenchObjects } from './bench-objects'
import { collectGarbage } from './harness'
import { measureInChild, reportMemory, runMemoryChild } from './memory'
import { type BenchServer, givenBenchServer } from './server-env'
import { StreamBenchContext, consume, label, oursForAwait } from './stream-contenders'

const MEMORY_PAGE_SIZE = 1_000

/** Runs in a fresh process: a slow `for await` consumer streams the class (see memory.ts). */
const memoryChild = async (server: BenchServer, className: string): Promise<void> => {
  const client = connect({ url: server.url, apiKey: server.apiKey })
  try {
    // Warm up the connection, the server version and undici's parser, so the baseline has them.
    await lastValueFrom(client.objects.list({ className, limit: 1 }))
    let seen = 0
    await measureInChild((sample) =>
      oursForAwait(client, className, MEMORY_PAGE_SIZE, () => {
        consume()
        seen += 1
        if (seen % 1000 === 0) sample()
      }),
    )
  } finally {
    await client.close()
  }
}

/**
 * Runs group 4 and prints its lines; grows the class to `large` objects first for the second
 * measurement (no second one when `large` is not above the class's size).
 */
export const benchStreamMemory = async ({ server, className, total }: StreamBenchContext, large: number): Promise<void> => {
  collectGarbage()
  const small = await runMemoryChild(__filename, server, ['--memory', className], total)
  if (large > total) {
    await loadBenchObjects(server, className, { from: total, to: large })
    const grown = await runMemoryChild(__filename, server, ['--memory', className], large)
    reportMemory('stream memory', [
      [label(total), small],
      [label(large), grown],
    ])
  } else reportMemory('stream memory', [[label(total), small]])
}

if (require.main === module) {
  const [flag, className] = process.argv.slice(2)
  const server = givenBenchServer()
  if (flag !== '--memory' || className === undefined || server === undefined) {
    console.error('usage: WEAVIATE_URL=... stream-memory.ts --memory <class> (run by bench/stream.ts)')
    process.exitCode = 2
  } else {
    memoryChild(server, className).catch((e: unknown) => {
      console.error(e)
      process.exitCode = 1
    })
  }
}
