/**
 * `npm run bench`: every benchmark in turn, sharing one embedded Weaviate (or WEAVIATE_URL).
 * Each prints `bench: <name> ours/<peer> = <ratio>` lines (ratios of medians; below 1: ours faster).
 */
import { startEmbedded } from '../lib/embedded'
import { benchBatch } from './batch'
import { benchCopy } from './copy'
import { benchHttp } from './http'
import { benchObjects } from './objects'
import { benchStream } from './stream'

const main = async (): Promise<void> => {
  console.log(`bench: node ${process.version}, ${new Date().toISOString()}`)
  await benchHttp()
  const given = process.env['WEAVIATE_URL']
  const server = given === undefined ? await startEmbedded() : undefined
  const url = given ?? server?.url ?? ''
  try {
    await benchObjects(url)
    await benchStream(url)
    await benchBatch(url)
    await benchCopy(url)
  } finally {
    await server?.stop()
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exitCode = 1
})
