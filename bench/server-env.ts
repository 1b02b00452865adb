/**
 * The embedded servers `npm run bench` starts, with one setting beyond the defaults: memtables are
 * flushed to disk 2 s after their first write (the server's default is 60 s), so a class loaded
 * for a measurement is on disk, and the flush and the compaction after it over, before the
 * measurement (stream.ts settles on that), and a write run's flush falls inside that run, not a
 * minute later in the middle of the next contender's.
 *
 * They take anonymous requests (`auth: 'none'`): the bench's contenders are the plain loops a user
 * writes (undici, fetch, the official client), each of which would need its own way to send a key,
 * and `WEAVIATE_URL` servers are used as given (without a key). While a bench runs, its 1.39.0
 * servers' gRPC ports therefore take anonymous requests on every interface (README, "What listens
 * where"): run the bench on a trusted network.
 */
import { type EmbeddedWeaviate, startEmbedded } from '../lib/embedded'

const BENCH_SERVER_ENV: Readonly<Record<string, string>> = { PERSISTENCE_MEMTABLES_FLUSH_DIRTY_AFTER_SECONDS: '2' }

/**
 * Starts an embedded server with the bench settings; every bench group starts its servers here.
 *
 * @example
 * ```ts
 * const server = await startBenchServer()
 * ```
 */
export const startBenchServer = (): Promise<EmbeddedWeaviate> => startEmbedded({ env: BENCH_SERVER_ENV, auth: 'none' })
