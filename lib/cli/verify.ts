/**
 * `weaviate-rx verify`: are two classes the same? Same count, same ids, same content (a hash of
 * each object's canonical JSON: id, properties and vector, with references to the class itself
 * read independently of its name), compared in UUID order as both streams advance, in constant
 * memory. Prints the first differences on stdout; exit code 1 when there are any.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import type { WeaviateObject } from '../index'
import { COMMON_OPTIONS, connection, optionalString, parse, positiveInteger, progressMode, required } from './args'
import { contentHash } from './canonical'
import { referenceProperties } from './class-schema'
import { CommandFailure, EXIT } from './failure'
import type { CliIo } from './io'
import { cliLibrary, type CliConnection, type CliLibrary } from './library'
import { createProgress } from './progress'

const OPTIONS = {
  ...COMMON_OPTIONS,
  from: { type: 'string', multiple: true },
  to: { type: 'string', multiple: true },
  class: { type: 'string' },
  'to-class': { type: 'string' },
  'page-size': { type: 'string' },
  'max-differences': { type: 'string' },
  'from-api-key': { type: 'string' },
  'to-api-key': { type: 'string' },
} as const

/** `weaviate-rx verify --help`. */
export const VERIFY_HELP = `Usage: weaviate-rx verify --from URL --to URL --class CLASS [options]

Compares a class on two Weaviates: the count, the ids, and each object's content (id, properties
including references, vector). Prints the first differences; exit code 1 when there are any.

Options:
  --from URL             one Weaviate; repeat for several nodes of one cluster
  --to URL               the other Weaviate; repeat for several nodes of one cluster
  --class CLASS          the class (required)
  --to-class CLASS       the class name on --to (default: the same)
  --page-size N          objects per read (default 500)
  --max-differences N    stop after printing N differences (default 10)
  --api-key KEY          API key for both sides (default: env WEAVIATE_API_KEY); never printed
  --from-api-key KEY     API key of --from only
  --to-api-key KEY       API key of --to only
  --progress MODE        auto (bar on a terminal), json (a line a second), none
  -h, --help             this help
`

/**
 * Runs `verify` with its arguments; resolves to the exit code (0 same, 1 different).
 *
 * @example
 * ```ts
 * const code = await runVerify(['--from', a, '--to', b, '--class', 'Article'], io)
 * ```
 */
export const runVerify = async (args: readonly string[], io: CliIo, libraryFor: (c: CliConnection) => CliLibrary = cliLibrary): Promise<number> => {
  const { values } = parse('verify', OPTIONS, args, false)
  if (values['help'] === true) {
    io.stdout.write(VERIFY_HELP)
    return EXIT.ok
  }
  const className = required('verify', values, 'class')
  const from = connection('verify', values, 'from', io.env, 'from-api-key')
  const to = connection('verify', values, 'to', io.env, 'to-api-key')
  const toClassName = optionalString(values, 'to-class') ?? className
  const pageSize = positiveInteger('verify', values, 'page-size', 500, 10_000)
  const maxDifferences = positiveInteger('verify', values, 'max-differences', 10, 1_000_000)
  const mode = progressMode('verify', values)
  const source = libraryFor(from)
  const target = libraryFor(to)
  try {
    return await verifyClass(source, target, io, { className, toClassName, pageSize, maxDifferences, mode })
  } finally {
    await Promise.all([source.close(), target.close()])
  }
}

interface VerifyPlan {
  readonly className: string
  readonly toClassName: string
  readonly pageSize: number
  readonly maxDifferences: number
  readonly mode: 'auto' | 'json' | 'none'
}

/** The objects of a class in ascending UUID order; a read failure is thrown. */
async function* objectsOf(lib: CliLibrary, className: string, pageSize: number): AsyncGenerator<WeaviateObject> {
  for await (const item of lib.iterate({ className, pageSize, prefetch: 1, withVector: true })) {
    if (E.isLeft(item)) throw item.left
    yield item.right
  }
}

const verifyClass = async (source: CliLibrary, target: CliLibrary, io: CliIo, plan: VerifyPlan): Promise<number> => {
  const [sourceClass, targetClass] = await Promise.all([source.getClass(plan.className), target.getClass(plan.toClassName)])
  if (sourceClass === null) throw new CommandFailure(`class ${plan.className} does not exist on --from`)
  if (targetClass === null) throw new CommandFailure(`class ${plan.toClassName} does not exist on --to`)
  const sourceRefs = referenceProperties(sourceClass)
  const targetRefs = referenceProperties(targetClass)
  const [sourceCount, targetCount] = await Promise.all([source.count({ className: plan.className }), target.count({ className: plan.toClassName })])
  const progress = createProgress({ label: 'verify', mode: plan.mode, stderr: io.stderr })
  progress.setTotal(Math.max(sourceCount, targetCount))
  let differences = 0
  const report = (line: string) => {
    differences++
    progress.fail(1)
    if (differences <= plan.maxDifferences) io.stdout.write(`${line}\n`)
  }
  if (sourceCount !== targetCount) report(`count: ${sourceCount} on --from, ${targetCount} on --to`)
  const left = objectsOf(source, plan.className, plan.pageSize)
  const right = objectsOf(target, plan.toClassName, plan.pageSize)
  try {
    let a = await left.next()
    let b = await right.next()
    while (a.done !== true || b.done !== true) {
      if (b.done === true || (a.done !== true && a.value.id < b.value.id)) {
        if (a.done !== true) report(`missing on --to: ${a.value.id}`)
        a = await left.next()
      } else if (a.done === true || b.value.id < a.value.id) {
        report(`only on --to: ${b.value.id}`)
        b = await right.next()
      } else {
        if (contentHash(a.value, plan.className, sourceRefs) !== contentHash(b.value, plan.toClassName, targetRefs)) {
          report(`content differs: ${a.value.id}`)
        }
        ;[a, b] = await Promise.all([left.next(), right.next()])
      }
      progress.add(1)
    }
  } finally {
    await Promise.all([left.return(undefined), right.return(undefined)])
    progress.finish()
  }
  if (differences > plan.maxDifferences) io.stdout.write(`... ${differences - plan.maxDifferences} more differences\n`)
  if (differences === 0) {
    io.stdout.write(`same: ${sourceCount} objects\n`)
    return EXIT.ok
  }
  throw new CommandFailure(`verify: ${differences} difference${differences === 1 ? '' : 's'} between ${plan.className} on --from and ${plan.toClassName} on --to`)
}
