/**
 * `weaviate-rx types`: prints a TypeScript interface and an io-ts codec of a class's properties, read
 * from a server, so a user of an existing database starts typed (`formats/typescript-types.ts`).
 *
 * @packageDocumentation
 */
import { firstRight } from '../../index'
import { typescriptTypes } from '../formats/typescript-types'
import { CommandFailure, EXIT, UsageError } from '../terminal/command-errors'
import { connectionOf, connectTo, ONE_WEAVIATE, SHARED_CONNECTION_OPTIONS } from '../options/connection'
import { requiredText, text } from '../options/option-table'
import { defineCommand } from './command'

const OPTIONS = {
  ...ONE_WEAVIATE,
  class: requiredText('CLASS', 'the class'),
  name: text('NAME', 'the name of the type and the codec (default: the class name followed by Properties)'),
  ...SHARED_CONNECTION_OPTIONS,
} as const

/**
 * `weaviate-rx types`.
 *
 * @example
 * ```ts
 * const code = await typesCommand.run(['--url', url, '--class', 'Article'], io)
 * ```
 */
export const typesCommand = defineCommand({
  name: 'types',
  summary: "print a TypeScript type and an io-ts codec of a class's properties",
  usage: '--url URL --class CLASS [options]',
  about: `Prints TypeScript source for a class on a server: an interface of its properties as weaviate-rx
returns them, and an io-ts codec of the same name to pass as \`codec\` to reads and searches
(every property optional; references as their beacons). It imports io-ts.`,
  options: OPTIONS,
  run: async (values, _positionals, io) => {
    if (values.name !== undefined && !/^[A-Za-z_$][\w$]*$/.test(values.name)) throw new UsageError(`types: --name must be a TypeScript identifier, not '${values.name}'`)
    const client = connectTo(connectionOf({ command: 'types', side: 'url', urls: values.url, grpcUrls: values.grpcUrl, ...values }, io.env))
    try {
      const definition = await firstRight(client.schema.getClass(values.class))
      if (definition === null) throw new CommandFailure(`class ${values.class} does not exist`)
      io.stdout.write(typescriptTypes(definition, values.url.join(', '), values.name))
      return EXIT.ok
    } finally {
      await client.close()
    }
  },
})
