/**
 * The NDJSON reader numbers lines from 1, gives the byte offset after each line (where a resumed
 * import starts), reports a malformed line instead of stopping, and reads lines split across
 * chunks and multi-byte characters correctly.
 */
import { Readable } from 'node:stream'
import { readNdjson, type NdjsonLine } from '../../lib/cli/formats/ndjson-reader'

const read = async (chunks: ReadonlyArray<string | Buffer>, start?: { offset: number; line: number }): Promise<NdjsonLine[]> => {
  const lines: NdjsonLine[] = []
  for await (const line of readNdjson(Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))), start)) lines.push(line)
  return lines
}

describe('readNdjson', () => {
  it('numbers lines from 1 and gives the byte offset after each, counting empty lines', async () => {
    expect(await read(['{"a":1}\n\n{"b":2}\n'])).toEqual([
      { line: 1, end: 8, value: { a: 1 } },
      { line: 3, end: 17, value: { b: 2 } },
    ])
  })

  it('reports a malformed line with its number and goes on', async () => {
    const lines = await read(['{"a":1}\n{oops\n{"c":3}'])
    expect(lines.map((l) => ('error' in l ? `error@${l.line}` : `ok@${l.line}`))).toEqual(['ok@1', 'error@2', 'ok@3'])
  })

  it('joins a line split across chunks, also inside a multi-byte character', async () => {
    const bytes = Buffer.from('{"t":"héllo"}\n')
    const lines = await read([bytes.subarray(0, 8), bytes.subarray(8)])
    expect(lines).toEqual([{ line: 1, end: bytes.length, value: { t: 'héllo' } }])
  })

  it('continues numbering and offsets from a resume position', async () => {
    expect(await read(['{"a":1}\n'], { offset: 100, line: 7 })).toEqual([{ line: 7, end: 108, value: { a: 1 } }])
  })
})
