/**
 * `weaviate-rx verify`: compares a class on two Weaviates: the count, the ids, and each object's
 * content (canonical JSON: id, properties, vector and named vectors, with references to the class itself read
 * independently of its name), walking both classes in ascending UUID order at once (the library's
 * `objects.iterate`, its `--partitions` ranges merged in order), in constant memory. Prints the
 * first differences on stdout; exit code 1 when there are any.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { firstRight, type Client, type WeaviateObject } from '../../index'
import { MAX_PARTITIONS } from '../../paging'
import { contentHash } from '../formats/canonical'
import { CommandFailure, EXIT } from '../terminal/command-errors'
import { connectionOf, connectTo, side, SHARED_CONNECTION_OPTIONS } from '../options/connection'
import type { CliIo } from '../terminal/io'
import { integer, requiredText, text, type OptionValues } from '../options/option-table'
import { createProgress } from '../terminal/progress'
import { referenceProperties } from '../pipelines/reference-properties'
import { defineCommand, PROGRESS } from './command'

const OPTIONS = {
  ...side('from', 'one Weaviate'),
  ...side('to', 'the other Weaviate'),
  class: requiredText('CLASS', 'the class'),
  'to-class': text('CLASS', 'the class name on --to (default: the same)'),
  partitions: integer('N', 'read each side as N UUID ranges at once (still compared in order)', { default: 1, max: MAX_PARTITIONS }),
  'page-size': integer('N', 'objects per read', { default: 500, max: 10_000 }),
  'max-differences': integer('N', 'print at most N differences', { default: 10, max: 1_000_000 }),
  ...SHARED_CONNECTION_OPTIONS,
  progress: PROGRESS,
} as const

type VerifyValues = OptionValues<typeof OPTIONS>

/**
 * `weaviate-rx verify`.
 *
 * @example
 * ```ts
 * const code = await verifyCommand.run(['--from', a, '--to', b, '--class', 'Article'], io)
 * ```
 */
export const verifyCommand = defineCommand({
  name: 'verify',
  summary: 'compare a class on two Weaviates (count, ids, content)',
  usage: '--from URL --to URL --class CLASS [options]',
  about: `Compares a class on two Weaviates: the count, the ids, and each object's content (id, properties
including references, vector, named vectors). Prints the first differences; exit code 1 when there are any.`,
  options: OPTIONS,
  run: async (values, _positionals, io) => {
    const source = connectTo(connectionOf({ command: 'verify', side: 'from', urls: values.from, grpcUrls: values.fromGrpcUrl, sideKey: values.fromApiKey, ...values }, io.env))
    const target = connectTo(connectionOf({ command: 'verify', side: 'to', urls: values.to, grpcUrls: values.toGrpcUrl, sideKey: values.toApiKey, ...values }, io.env))
    try {
      return await verifyClass(source, target, io, values)
    } finally {
      await Promise.all([source.close(), target.close()])
    }
  },
})

/** The objects of a class in ascending UUID order; a read failure is thrown. */
async function* objectsOf(client: Client, className: string, values: VerifyValues): AsyncGenerator<WeaviateObject> {
  for await (const item of client.objects.iterate({ className, pageSize: values.pageSize, prefetch: 1, withVector: true, partitions: values.partitions })) {
    if (E.isLeft(item)) throw item.left
    yield item.right
  }
}

const verifyClass = async (source: Client, target: Client, io: CliIo, values: VerifyValues): Promise<number> => {
  const toClassName = values.toClass ?? values.class
  const [sourceClass, targetClass] = await Promise.all([firstRight(source.schema.getClass(values.class)), firstRight(target.schema.getClass(toClassName))])
  if (sourceClass === null) throw new CommandFailure(`class ${values.class} does not exist on --from`)
  if (targetClass === null) throw new CommandFailure(`class ${toClassName} does not exist on --to`)
  const sourceRefs = referenceProperties(sourceClass)
  const targetRefs = referenceProperties(targetClass)
  const [sourceCount, targetCount] = await Promise.all([
    firstRight(source.objects.count({ className: values.class })),
    firstRight(target.objects.count({ className: toClassName })),
  ])
  const progress = createProgress({ label: 'verify', mode: values.progress, stderr: io.stderr })
  progress.setTotal(Math.max(sourceCount, targetCount))
  let differences = 0
  const report = (line: string) => {
    differences++
    progress.fail(1)
    if (differences <= values.maxDifferences) io.stdout.write(`${line}\n`)
  }
  if (sourceCount !== targetCount) report(`count: ${sourceCount} on --from, ${targetCount} on --to`)
  const left = objectsOf(source, values.class, values)
  const right = objectsOf(target, toClassName, values)
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
        if (contentHash(a.value, values.class, sourceRefs) !== contentHash(b.value, toClassName, targetRefs)) report(`content differs: ${a.value.id}`)
        ;[a, b] = await Promise.all([left.next(), right.next()])
      }
      progress.add(1)
    }
  } finally {
    await Promise.all([left.return(undefined), right.return(undefined)])
    progress.finish()
  }
  if (differences > values.maxDifferences) io.stdout.write(`... ${differences - values.maxDifferences} more differences\n`)
  if (differences === 0) {
    io.stdout.write(`same: ${sourceCount} objects\n`)
    return EXIT.ok
  }
  throw new CommandFailure(`verify: ${differences} difference${differences === 1 ? '' : 's'} between ${values.class} on --from and ${toClassName} on --to`)
}
