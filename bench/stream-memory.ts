/**
 * Stream group 4: memory, each in a fresh child process (memory.ts): peak above a post-GC baseline
 * while a slow `for await` consumer (~20 µs per object, page size 1,000) streams the class, then
 * the class grown to `large` objects: `bench: stream memory 100k peak` (RSS, MB), `100k peak heap`
 * (heap + external, MB), the same for 400k, `400k/100k peak rss` and `400k/100k peak heap`.
 *
 * Child mode (run by the group itself):
 * `node -r ts-node/register/transpile-only bench/stream-memory.ts --memory <url> <class>`.
 */
import { lastValueFrom } from 'rxjs'
import { connect } from '../lib'
import { loadBenchObjects } from './bench-objects'
import { collectGarbage } from './harness'
import { measureInChild, reportMemory, runMemoryChild } from './memory'
import { StreamBenchContext, consume, label, oursForAwait } from './stream-contenders'

const MEMORY_PAGE_SIZE = 1_000

/** Runs in a fresh process: a slow `for await` consumer streams the class (see memory.ts). */
const memoryChild = async (url: string, className: string): Promise<void> => {
  const client = connect({ url })
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
export const benchStreamMemory = async ({ url, className, total }: StreamBenchContext, large: number): Promise<void> => {
  collectGarbage()
  const small = await runMemoryChild(__filename, ['--memory', url, className], total)
  if (large > total) {
    await loadBenchObjects(url, className, { from: total, to: large })
    const grown = await runMemoryChild(__filename, ['--memory', url, className], large)
    reportMemory('stream memory', [
      [label(total), small],
      [label(large), grown],
    ])
  } else reportMemory('stream memory', [[label(total), small]])
}

if (require.main === module) {
  const [flag, url, className] = process.argv.slice(2)
  if (flag !== '--memory' || url === undefined || className === undefined) {
    console.error('usage: stream-memory.ts --memory <url> <class> (run by bench/stream.ts)')
    process.exitCode = 2
  } else {
    memoryChild(url, className).catch((e: unknown) => {
      console.error(e)
      process.exitCode = 1
    })
  }
}
