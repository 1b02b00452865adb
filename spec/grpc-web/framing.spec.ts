/**
 * The gRPC-Web body (lib/transport/grpc-web/framing.ts), as properties: whatever the messages and
 * trailers, and wherever the network splits the body, the reader gives back what was framed; a
 * body cut anywhere inside a frame is truncated, never a shorter message.
 */
import fc from 'fast-check'
import { DATA_FLAG, FrameReader, FramesRead, HEADER_BYTES, TRAILER_FLAG, Trailers, encodeFrame, encodeTrailers, parseTrailers } from '../../lib/transport/grpc-web/framing'

const concat = (parts: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.byteLength
  }
  return out
}

const read = (chunks: readonly Uint8Array[]): FramesRead => {
  const reader = new FrameReader()
  for (const chunk of chunks) reader.push(chunk)
  return reader.end()
}

/** `body` split at the given offsets (sorted, deduplicated, inside the body). */
const splitAt = (body: Uint8Array, offsets: readonly number[]): Uint8Array[] => {
  const cuts = [...new Set(offsets.map((o) => o % (body.byteLength + 1)))].sort((a, b) => a - b)
  const chunks: Uint8Array[] = []
  let from = 0
  for (const cut of [...cuts, body.byteLength]) {
    chunks.push(body.subarray(from, cut))
    from = cut
  }
  return chunks
}

const messages = fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 5 })
/** Trailer names and values as HTTP/1 allows them: a token, and visible text without surrounding blanks. */
const trailers: fc.Arbitrary<Trailers> = fc.dictionary(
  fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/),
  fc.stringMatching(/^[!-~]([ -~]{0,30}[!-~])?$/),
  { maxKeys: 4 },
)

const bodyOf = (payloads: readonly Uint8Array[], fields: Trailers | undefined): Uint8Array =>
  concat([...payloads.map((p) => encodeFrame(p)), ...(fields === undefined ? [] : [encodeTrailers(fields)])])

const asArrays = (list: readonly Uint8Array[]): number[][] => list.map((m) => [...m])

describe('encodeFrame', () => {
  it('writes the flag, the length big-endian in 4 bytes, then the payload', () => {
    expect([...encodeFrame(Uint8Array.of(7, 8, 9))]).toEqual([0x00, 0, 0, 0, 3, 7, 8, 9])
    expect([...encodeFrame(new Uint8Array(0x0102), TRAILER_FLAG).subarray(0, HEADER_BYTES)]).toEqual([0x80, 0, 0, 0x01, 0x02])
  })
})

describe('FrameReader', () => {
  it('gives back every data frame in order and the trailers, for any messages and trailers', () => {
    fc.assert(
      fc.property(messages, fc.option(trailers, { nil: undefined }), (payloads, fields) => {
        expect(read([bodyOf(payloads, fields)])).toEqual({ _tag: 'Frames', messages: payloads, trailers: fields })
      }),
    )
  })

  it('reads the same body split into chunks at any offsets', () => {
    fc.assert(
      fc.property(messages, trailers, fc.array(fc.nat(), { maxLength: 12 }), (payloads, fields, offsets) => {
        const result = read(splitAt(bodyOf(payloads, fields), offsets))
        expect(result._tag).toBe('Frames')
        if (result._tag !== 'Frames') return
        expect(asArrays(result.messages)).toEqual(asArrays(payloads))
        expect(result.trailers).toEqual(fields)
      }),
    )
  })

  it('reads a body split at every single offset, and one byte at a time', () => {
    const body = bodyOf([Uint8Array.of(1, 2, 3), new Uint8Array(0), Uint8Array.of(4)], { 'grpc-status': '0', 'grpc-message': '' })
    for (let cut = 0; cut <= body.byteLength; cut++) {
      const result = read([body.subarray(0, cut), body.subarray(cut)])
      expect(result).toEqual(read([body]))
    }
    expect(read([...body].map((b) => Uint8Array.of(b)))).toEqual(read([body]))
  })

  it('reports a body cut inside any frame as truncated, with the bytes it got of that frame', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ minLength: 1, maxLength: 200 }), { minLength: 1, maxLength: 4 }), fc.nat(), (payloads, pick) => {
        const frames = payloads.map((p) => encodeFrame(p))
        const last = frames.length - 1
        const lastFrame = frames[last] ?? new Uint8Array(0)
        const keep = 1 + (pick % (lastFrame.byteLength - 1))
        const body = concat([...frames.slice(0, last), lastFrame.subarray(0, keep)])
        const result = read(splitAt(body, [pick]))
        expect(result).toEqual({
          _tag: 'Truncated',
          messages: payloads.slice(0, last),
          received: keep,
          expected: keep < HEADER_BYTES ? HEADER_BYTES : lastFrame.byteLength,
        })
      }),
    )
  })

  it('reads an empty body (a trailers-only reply) as no frames and no trailers', () => {
    expect(read([])).toEqual({ _tag: 'Frames', messages: [], trailers: undefined })
    expect(read([new Uint8Array(0)])).toEqual({ _tag: 'Frames', messages: [], trailers: undefined })
  })

  it('refuses a flag other than data and trailer, such as a compressed frame', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }).filter((f) => f !== DATA_FLAG && f !== TRAILER_FLAG), (flag) => {
        expect(read([encodeFrame(Uint8Array.of(1), flag)])._tag).toBe('Malformed')
      }),
    )
  })

  it('refuses a frame after the trailer frame', () => {
    const body = concat([encodeTrailers({ 'grpc-status': '0' }), encodeFrame(Uint8Array.of(1))])
    expect(read([body])).toEqual({ _tag: 'Malformed', reason: 'a frame after the trailer frame' })
  })
})

describe('parseTrailers', () => {
  it('lower-cases names, trims values, skips empty lines and joins a repeated name', () => {
    const payload = new TextEncoder().encode('Grpc-Status: 5\r\n\r\ngrpc-message:  no such class \r\nx-a: 1\r\nX-A: 2\r\n')
    expect(parseTrailers(payload)).toEqual({ 'grpc-status': '5', 'grpc-message': 'no such class', 'x-a': '1, 2' })
  })

  it('refuses a line without a name before its colon', () => {
    expect(parseTrailers(new TextEncoder().encode('grpc-status 0\r\n'))).toBeUndefined()
    expect(parseTrailers(new TextEncoder().encode(': 0\r\n'))).toBeUndefined()
  })
})
