/**
 * The keys of `copy` and `verify` between two servers with different API keys (1.18.6 and 1.39.0
 * of the test loop), given without a key on the command line: each side's from its own
 * environment variable (`WEAVIATE_FROM_API_KEY`, `WEAVIATE_TO_API_KEY`), a side's key before the
 * shared one, an option before its environment variable. The target's key goes over gRPC (its
 * writes) and REST (its schema), the source's (1.18.6: no gRPC) over REST.
 */
import { grpcServerUrl, serverApiKey, serverUrl } from '../helpers/versions'
import { uniqueClassName } from '../helpers/server'
import { dropClass, readClass, runCli, seedClass, type Seeded } from './fixtures'

const SOURCE = serverUrl('1.18.6')
const TARGET = serverUrl('1.39.0')
const TARGET_SIDE = ['--to', TARGET, '--to-grpc-url', grpcServerUrl('1.39.0'), '--transport', 'auto']
const SOURCE_KEY = serverApiKey('1.18.6') ?? ''
const TARGET_KEY = serverApiKey('1.39.0') ?? ''
const WRONG_KEY = 'not-a-key-of-either-server'
const COUNT = 50

let seeded: Seeded
const copies: string[] = []

beforeAll(async () => {
  seeded = await seedClass(SOURCE, uniqueClassName('CliSideKeys'), COUNT, false)
})

afterAll(async () => {
  await dropClass(SOURCE, seeded.className)
  await Promise.all(copies.map((c) => dropClass(TARGET, c)))
})

/** `copy` of the seeded class into a new class of the target, with `env` and `extra` arguments. */
const copy = async (env: Record<string, string>, extra: readonly string[] = []) => {
  const toClass = uniqueClassName('CliSideKeysCopy')
  copies.push(toClass)
  const run = await runCli(['copy', '--from', SOURCE, ...TARGET_SIDE, '--class', seeded.className, '--to-class', toClass, '--progress', 'none', ...extra], { env })
  return { run, toClass }
}

describe('copy between servers with different keys', () => {
  it('the servers under test have different keys, so one shared key cannot reach both', () => {
    expect(SOURCE_KEY).not.toBe('')
    expect(TARGET_KEY).not.toBe('')
    expect(SOURCE_KEY).not.toBe(TARGET_KEY)
  })

  it('takes each side key from WEAVIATE_FROM_API_KEY and WEAVIATE_TO_API_KEY, before WEAVIATE_API_KEY', async () => {
    const { run, toClass } = await copy({ WEAVIATE_FROM_API_KEY: SOURCE_KEY, WEAVIATE_TO_API_KEY: TARGET_KEY, WEAVIATE_API_KEY: WRONG_KEY })
    expect(run.code).toBe(0)
    expect((await readClass(TARGET, toClass)).map((o) => o.id)).toEqual([...seeded.ids].sort())
  })

  it('takes a side key option before that side environment variable', async () => {
    const { run, toClass } = await copy({ WEAVIATE_FROM_API_KEY: WRONG_KEY, WEAVIATE_TO_API_KEY: TARGET_KEY }, [`--from-api-key=${SOURCE_KEY}`])
    expect(run.code).toBe(0)
    expect(await readClass(TARGET, toClass)).toHaveLength(COUNT)
  })

  it('takes the shared key WEAVIATE_API_KEY for a side whose own variable is empty', async () => {
    const { run, toClass } = await copy({ WEAVIATE_FROM_API_KEY: '', WEAVIATE_TO_API_KEY: TARGET_KEY, WEAVIATE_API_KEY: SOURCE_KEY })
    expect(run.code).toBe(0)
    expect(await readClass(TARGET, toClass)).toHaveLength(COUNT)
  })

  it('fails with the server refusal (401) when a side gets a wrong key', async () => {
    const { run } = await copy({ WEAVIATE_FROM_API_KEY: WRONG_KEY, WEAVIATE_TO_API_KEY: TARGET_KEY })
    expect(run.code).not.toBe(0)
    expect(run.stderr).toMatch(/401/)
  })
})

describe('verify between servers with different keys', () => {
  it('takes each side key from its environment variable', async () => {
    const { toClass } = await copy({ WEAVIATE_FROM_API_KEY: SOURCE_KEY, WEAVIATE_TO_API_KEY: TARGET_KEY })
    const verified = await runCli(['verify', '--from', SOURCE, ...TARGET_SIDE, '--class', seeded.className, '--to-class', toClass], {
      env: { WEAVIATE_FROM_API_KEY: SOURCE_KEY, WEAVIATE_TO_API_KEY: TARGET_KEY },
    })
    expect(verified.code).toBe(0)
  })
})
