/**
 * The checks of the web scenario (programs/scenario.ts), one `it` per step, shared by every runtime
 * that runs it (chromium.spec.ts, workerd.spec.ts). `describeScenario` makes the class's name and
 * a read-only user on the server it is given, runs the scenario once in the runtime, and removes both.
 */
import { deleteClass } from '../helpers/fixtures'
import { ReadOnlyUser, readOnlyUser } from '../helpers/read-only-user'
import { uniqueClassName } from '../helpers/server'
import { COUNT, ScenarioInput, ScenarioResult } from './programs/scenario-types'

/** A server's URL and root key. */
export interface RootAccess {
  readonly url: string
  readonly apiKey: string
}

/**
 * The URL and root key of a configured server that runs with database users on.
 *
 * @example
 * ```ts
 * const server = () => rootAccess(configuredServer('RBAC'))
 * ```
 */
export const rootAccess = ({ url, apiKey }: { readonly url: string; readonly apiKey: string | undefined }): RootAccess => {
  if (apiKey === undefined) throw new Error(`the server at ${url} publishes no API key: it should run with database users on`)
  return { url, apiKey }
}

/**
 * Declares the scenario's checks for a runtime; `run` runs the scenario there with `input`, against
 * `server` (read when the checks start); `more` declares the runtime's own checks beside them.
 *
 * @example
 * ```ts
 * describeScenario('in a page', () => rootAccess(configuredServer('RBAC')), (input) => page.evaluate((i) => scenario(i), input))
 * ```
 */
export const describeScenario = (
  title: string,
  server: () => RootAccess,
  run: (input: ScenarioInput) => Promise<ScenarioResult>,
  /** More checks of this runtime, declared in the same block, after the scenario has run. */
  more: () => void = () => undefined,
): void =>
  describe(title, () => {
    const className = uniqueClassName('WebThing')
    let reader: ReadOnlyUser
    let result: ScenarioResult

    beforeAll(async () => {
      reader = await readOnlyUser(server().url, server().apiKey, className)
      result = await run({ ...server(), readOnlyKey: reader.key, className })
    }, 180_000)

    afterAll(async () => {
      await deleteClass(server(), className)
      await reader.remove()
    })

    it('creates the class', () => {
      expect(result.created).toBe(true)
    })

    it(`batches ${COUNT} objects with vectors, every one written`, () => {
      expect(result.batch).toEqual({ written: COUNT, failed: [] })
    })

    it('streams every object back exactly once, each with the vector it was written with', () => {
      expect([...result.streamed.ns].sort((a, b) => a - b)).toEqual(Array.from({ length: COUNT }, (_, n) => n))
      expect(result.streamed.sameVector).toBe(COUNT)
    })

    it("finds an object's own vector nearest to it by nearVector, at distance 0", () => {
      expect(result.nearVector.ns).toHaveLength(3)
      expect(result.nearVector.ns[0]).toBe(42)
      expect(result.nearVector.distance).toBeCloseTo(0, 5)
    })

    it('finds the fox objects by bm25 and gets a generated line for each and an answer over them (generative-dummy)', () => {
      expect(result.bm25.titles).toHaveLength(3)
      result.bm25.titles.forEach((t) => expect(t).toMatch(/^The fox number \d+$/))
      result.bm25.titles.forEach((t, i) => expect(result.bm25.lines[i]).toContain(`Say something about ${t}`))
      expect(result.bm25.answer).toContain('Summarise the foxes')
    })

    it('aggregates: the count, and per kind the count and the mean of n', () => {
      expect(result.aggregate.count).toBe(COUNT)
      expect([...result.aggregate.groups].sort((a, b) => a.value.localeCompare(b.value))).toEqual([
        { value: 'even', count: COUNT / 2, meanN: (COUNT - 2) / 2 },
        { value: 'odd', count: COUNT / 2, meanN: COUNT / 2 },
      ])
    })

    it("reads with a read-only database user's key", () => {
      expect(result.readOnly.found).toBe(5)
    })

    it("is refused a write with a read-only database user's key: ForbiddenError", () => {
      expect(result.readOnly.write?.tag).toBe('ForbiddenError')
      expect(result.readOnly.write?.message).toMatch(/forbidden/i)
    })

    more()
  })
