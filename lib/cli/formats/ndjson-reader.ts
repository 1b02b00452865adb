/**
 * Reads NDJSON line by line with the line number and byte offset of each line, so that a
 * malformed line can be reported by number and a resumed import can start at a byte offset.
 * Pulls the input only as fast as the consumer asks (async iteration).
 *
 * @packageDocumentation
 */

/**
 * One non-empty line: its parsed value, or the reason it is not JSON.
 *
 * @example
 * ```ts
 * for await (const line of readNdjson(stream)) if ('error' in line) console.error(`line ${line.line}: ${line.error}`)
 * ```
 */
export type NdjsonLine =
  | { readonly line: number; readonly end: number; readonly value: unknown }
  | { readonly line: number; readonly end: number; readonly error: string }

/**
 * Where reading starts: the input is assumed to begin at byte `offset` of the file, which is the
 * start of line `line`.
 *
 * @example
 * ```ts
 * readNdjson(fs.createReadStream(file, { start: 1024 }), { offset: 1024, line: 12 })
 * ```
 */
export interface NdjsonPosition {
  readonly offset: number
  readonly line: number
}

const NEWLINE = 0x0a

const parseLine = (line: number, end: number, bytes: Buffer): NdjsonLine | undefined => {
  const text = bytes.toString('utf8').trim()
  if (text === '') return undefined
  try {
    return { line, end, value: JSON.parse(text) as unknown }
  } catch (e) {
    return { line, end, error: `malformed JSON: ${e instanceof Error ? e.message : String(e)}` }
  }
}

/**
 * The lines of an NDJSON input; `end` is the byte offset just after the line (where a resumed read
 * starts). Empty lines are skipped but counted.
 *
 * @example
 * ```ts
 * for await (const { line, value } of readNdjson(process.stdin)) console.log(line, value)
 * ```
 */
export async function* readNdjson(input: AsyncIterable<unknown>, start: NdjsonPosition = { offset: 0, line: 1 }): AsyncGenerator<NdjsonLine> {
  let rest: Buffer = Buffer.alloc(0)
  let offset = start.offset
  let line = start.line
  for await (const chunk of input) {
    const data = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)
    let buffer = rest.length === 0 ? data : Buffer.concat([rest, data])
    let from = 0
    for (let nl = buffer.indexOf(NEWLINE, from); nl !== -1; nl = buffer.indexOf(NEWLINE, from)) {
      const end = offset + (nl + 1 - from)
      const parsed = parseLine(line, end, buffer.subarray(from, nl))
      offset = end
      line++
      from = nl + 1
      if (parsed !== undefined) yield parsed
    }
    buffer = buffer.subarray(from)
    rest = Buffer.from(buffer)
  }
  if (rest.length > 0) {
    const parsed = parseLine(line, offset + rest.length, rest)
    if (parsed !== undefined) yield parsed
  }
}
