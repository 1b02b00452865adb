/**
 * Setup file of every jest project (jest.config.ts): `toEqual` and friends compare two byte arrays
 * of the same class (`Uint8Array`, `Buffer`) as bytes in one call, with the verdict of jest's own
 * element by element walk, which takes seconds of CPU for an array of a few megabytes (an import
 * request of 700 vectors of 768 dimensions). Anything else (arrays of two classes included, which
 * `toStrictEqual` tells apart), and the diff of a failure, stays jest's.
 */
const sameClassBytes = (a: unknown, b: unknown): [Buffer, Buffer] | undefined =>
  a instanceof Uint8Array && b instanceof Uint8Array && Object.getPrototypeOf(a) === Object.getPrototypeOf(b)
    ? [Buffer.from(a.buffer, a.byteOffset, a.byteLength), Buffer.from(b.buffer, b.byteOffset, b.byteLength)]
    : undefined

/** Jest 29's `expect.addEqualityTesters`, which @types/jest 29 does not declare. */
type EqualityTesters = { addEqualityTesters: (testers: ReadonlyArray<(a: unknown, b: unknown) => boolean | undefined>) => void }

;(expect as unknown as EqualityTesters).addEqualityTesters([
  (a: unknown, b: unknown): boolean | undefined => {
    const bytes = sameClassBytes(a, b)
    return bytes === undefined ? undefined : bytes[0].equals(bytes[1])
  },
])
