/**
 * What a client remembers of its server's `BatchStream`: whether the server (or a proxy in front of
 * it) refused the stream with UNIMPLEMENTED, so that later batches write with `BatchObjects` from
 * the start (`lib/batch/grpc/batch-stream-fallback.ts`).
 *
 * @packageDocumentation
 */

/**
 * What one client knows of its server's `BatchStream`.
 */
export interface StreamRefusal {
  /** Why `BatchStream` is not used (the server refused it), once it did; else undefined. */
  reason(): string | undefined
  /** Remembers the refusal; the first one warns. */
  refused(reason: string): void
}

/**
 * Creates the memory of one client; `warn` is called once, with the reason.
 */
export const createStreamRefusal = (warn: (reason: string) => void): StreamRefusal => {
  let known: string | undefined
  return {
    reason: () => known,
    refused: (reason) => {
      if (known !== undefined) return
      known = reason
      warn(reason)
    },
  }
}
