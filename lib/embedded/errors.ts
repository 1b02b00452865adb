/**
 * The one error type of the embedded server: every failure to find, build, download, start or
 * stop `weaviate-server` rejects with an {@link EmbeddedError} whose `reason` says which step failed
 * and whose `message` says what to do about it.
 *
 * @packageDocumentation
 */

import { brand } from '../core/brand'

/**
 * The brand of {@link EmbeddedError}, registered globally so copies of the package agree.
 * The key is shared with every other copy of the package: never change it.
 */
const EmbeddedBrand = brand<EmbeddedError>('weaviate-rx/EmbeddedError')

/**
 * Which step of running an embedded server failed.
 *
 * @example
 * ```ts
 * const server = await startEmbedded({ port: 8080 }).catch((e: unknown) => {
 *   if (isEmbeddedError(e) && e.reason === 'PortInUse') return startEmbedded() // any free port
 *   throw e
 * })
 * ```
 */
export type EmbeddedErrorReason =
  /** No binary could be found, built or downloaded (the message names the three ways to supply one). */
  | 'BinaryNotFound'
  /** A binary named by `options.binary` / `WEAVIATE_BIN` is missing or not executable. */
  | 'BinaryInvalid'
  /** A port the server needs is taken by another process. */
  | 'PortInUse'
  /** The process could not be spawned or exited before it became ready. */
  | 'StartFailed'
  /** The process kept running but did not become ready before the deadline. */
  | 'ReadyTimeout'
  /** The options contradict each other or try to change a setting that is never optional. */
  | 'InvalidOptions'

/**
 * What an {@link EmbeddedError} is made of.
 *
 * @example
 * ```ts
 * const props: EmbeddedErrorProps = { reason: 'PortInUse', detail: 'REST port 8080 on 127.0.0.1 is taken' }
 * ```
 */
export interface EmbeddedErrorProps {
  /** Which step failed. */
  readonly reason: EmbeddedErrorReason
  /** What happened and what to do about it; becomes the `message`. */
  readonly detail: string
  /** The underlying failure (a spawn error, a failed probe), kept for debugging. */
  readonly cause?: unknown
}

/**
 * The message of an {@link EmbeddedError}: its detail, which already names the server, the step
 * and the way out. The one place the message is built.
 *
 * @example
 * ```ts
 * formatEmbeddedError({ reason: 'InvalidOptions', detail: 'port must be an integer from 1 to 65535, got 0' })
 * // 'port must be an integer from 1 to 65535, got 0'
 * ```
 */
export const formatEmbeddedError = (props: EmbeddedErrorProps): string => props.detail

/**
 * A failure of {@link startEmbedded} / {@link startEmbeddedCluster}.
 *
 * @example
 * ```ts
 * try {
 *   await startEmbedded({ binary: '/nonexistent' })
 * } catch (e) {
 *   if (isEmbeddedError(e) && e.reason === 'BinaryInvalid') console.error(e.message)
 * }
 * ```
 */
export class EmbeddedError extends Error {
  readonly _tag = 'EmbeddedError' as const
  /** Which step failed. */
  readonly reason: EmbeddedErrorReason
  /** What happened, without the formatting of `message`. */
  readonly detail: string

  constructor(props: EmbeddedErrorProps) {
    super(formatEmbeddedError(props), props.cause === undefined ? undefined : { cause: props.cause })
    EmbeddedBrand.mark(this)
    this.name = 'EmbeddedError'
    this.reason = props.reason
    this.detail = props.detail
  }
}

/**
 * True for an {@link EmbeddedError}, also one made by another copy of the package (the check is a
 * brand, not `instanceof`).
 *
 * @example
 * ```ts
 * startEmbedded().catch((e: unknown) => {
 *   if (isEmbeddedError(e)) console.error(e.reason, e.message)
 * })
 * ```
 */
export const isEmbeddedError = (u: unknown): u is EmbeddedError => EmbeddedBrand.has(u)
