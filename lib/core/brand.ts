/**
 * A brand: a property keyed by a globally registered symbol (`Symbol.for`), which marks the
 * instances of one error class. A guard that checks the brand instead of `instanceof` recognises an
 * instance made by another copy of the package in the same process (two copies in one
 * `node_modules`, or the CommonJS and a bundled build side by side): both copies register the
 * same key, so both see the same symbol.
 *
 * The one brand mechanism of the library: the `WeaviateError` union (`core/errors`),
 * `EmbeddedError` (`embedded/errors`) and `BufferOverflowError` (`paging/to-async-iterable`).
 *
 * @packageDocumentation
 */

/** What {@link brand} gives: the symbol, a way to mark an instance, and the check. */
export interface Brand<T extends object> {
  /** The registered symbol: `Symbol.for(key)`. */
  readonly symbol: symbol
  /** Puts the brand on an instance (an own property `symbol: true`); called in its constructor. */
  readonly mark: (instance: object) => void
  /** True when `u` is an object that carries the brand, whichever copy of the package made it. */
  readonly has: (u: unknown) => u is T
}

/**
 * The brand registered under `key`. The key is part of the package's contract with its other
 * copies (older and newer versions too): never change one.
 */
export const brand = <T extends object>(key: string): Brand<T> => {
  const symbol = Symbol.for(key)
  return {
    symbol,
    mark: (instance) => {
      const fields = instance as Record<symbol, unknown>
      fields[symbol] = true
    },
    has: (u): u is T => typeof u === 'object' && u !== null && (u as Record<symbol, unknown>)[symbol] === true,
  }
}
