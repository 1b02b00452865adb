/**
 * A batch size that follows the server (`batchSize: 'dynamic'`): over server-side batching the
 * size the server asks for (`BatchStream`'s `Backoff`, every five seconds), and over REST and
 * `BatchObjects` the size whose request the server answers in about a second, read from each
 * request's own latency. A stream's latency is not read: its results wait in the server's queue,
 * whose length the server's own size already weighs.
 *
 * @packageDocumentation
 */

/** The size of the first request of a dynamic run. */
export const DYNAMIC_START = 100

/**
 * The largest size a dynamic run sends: the largest the server asks for over `BatchStream`
 * (adapters/handlers/grpc/v1/batch/queues.go at v1.39.0 keeps its batch size within 100 to 1000).
 */
export const DYNAMIC_MAX = 1000

/**
 * The latency a dynamic run aims each request at: the server's own aim for a batch of its stream
 * workers (`IDEAL_PROCESSING_TIME`, one second, queues.go at v1.39.0).
 */
export const TARGET_LATENCY_MS = 1000

/**
 * The size of a dynamic run's requests and what moves it.
 */
export interface BatchSizer {
  /** The size of the next request. */
  size(): number
  /**
   * A request of `n` items was answered in `ms`: the size moves toward the one answered in
   * {@link TARGET_LATENCY_MS}, at most halved or doubled at a time; a request under half the
   * current size says little of it (its time is mostly the fixed cost of a request) and is not
   * counted. Ignored by a sizer that follows the server only.
   */
  answered(n: number, ms: number): void
  /** The server asked for `n` items a request (`Backoff`): the size from now on, within the bounds. */
  serverAsks(n: number): void
}

/**
 * A sizer starting at `start`, never above `max` (at most {@link DYNAMIC_MAX}, lower when a rate
 * limit caps a request at a second's worth of items) nor below 1; `latency` false: it moves only
 * when the server asks (a `BatchStream` run).
 */
export const batchSizer = (start: number, max: number, latency: boolean): BatchSizer => {
  const clamp = (n: number): number => Math.max(1, Math.min(max, Math.round(n)))
  let size = clamp(start)
  return {
    size: () => size,
    answered: (n, ms) => {
      if (!latency || n < size / 2) return
      const aimed = (n * TARGET_LATENCY_MS) / Math.max(ms, 1)
      size = clamp(Math.min(size * 2, Math.max(size / 2, aimed)))
    },
    serverAsks: (n) => {
      size = clamp(n)
    },
  }
}
