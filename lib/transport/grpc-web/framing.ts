/**
 * The gRPC-Web body, the only wire format of ours: a request or reply body is a sequence of frames,
 * each a 5-byte header and a payload.
 *
 * ```
 * byte 0       flag: 0x00 a data frame (one protobuf message), 0x80 the trailer frame
 * bytes 1-4    the payload's length, unsigned 32-bit big-endian
 * bytes 5-     the payload
 * ```
 *
 * The trailer frame comes last, at most once; its payload is HTTP/1 header lines, `name: value`
 * each ended by `\r\n` (names lower-cased here, values trimmed). A reply may also be
 * trailers-only: no frame at all, its status in the response headers (read by `reply.ts`).
 * Compressed frames (flag bit 0x01) are never asked for, so any flag other than the two is
 * malformed, as is a frame after the trailer frame.
 *
 * Everything here works on `Uint8Array` and `TextEncoder`/`TextDecoder`, the same on Node, in
 * browsers and on edge runtimes; undici's and fetch's bodies both come through {@link FrameReader}.
 *
 * @packageDocumentation
 */

/** The flag of a data frame. */
export const DATA_FLAG = 0x00

/** The flag of the trailer frame. */
export const TRAILER_FLAG = 0x80

/** The length of a frame's header. */
export const HEADER_BYTES = 5

/** The trailer frame's fields, by lower-cased name. */
export type Trailers = Readonly<Record<string, string>>

/**
 * One frame: the header, then `payload` (not copied beyond the one allocation).
 */
export const encodeFrame = (payload: Uint8Array, flag: number = DATA_FLAG): Uint8Array => {
  const frame = new Uint8Array(HEADER_BYTES + payload.byteLength)
  frame[0] = flag
  new DataView(frame.buffer).setUint32(1, payload.byteLength, false)
  frame.set(payload, HEADER_BYTES)
  return frame
}

/**
 * The trailer frame of `trailers`: one `name: value\r\n` line each.
 */
export const encodeTrailers = (trailers: Trailers): Uint8Array =>
  encodeFrame(
    new TextEncoder().encode(
      Object.entries(trailers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join(''),
    ),
    TRAILER_FLAG,
  )

/**
 * A trailer frame's payload as fields; undefined for a line that is not `name: value` (empty
 * lines are skipped). A name given twice keeps its values joined by `, `, as HTTP joins them.
 */
export const parseTrailers = (payload: Uint8Array): Trailers | undefined => {
  const fields: Record<string, string> = {}
  for (const line of new TextDecoder().decode(payload).split('\r\n')) {
    if (line === '') continue
    const colon = line.indexOf(':')
    if (colon <= 0) return undefined
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    const before = fields[name]
    fields[name] = before === undefined ? value : `${before}, ${value}`
  }
  return fields
}

/**
 * A body read to its end:
 * - `Frames`: whole frames only: the data frames' payloads in order and the trailer frame's
 *   fields (undefined without one: a trailers-only reply, or a reply cut between two frames);
 * - `Truncated`: the body ended inside a frame (`received` of its `expected` bytes, header included);
 * - `Malformed`: an unknown flag, a frame after the trailer frame, or a trailer line that is not
 *   `name: value`.
 */
export type FramesRead =
  | { readonly _tag: 'Frames'; readonly messages: readonly Uint8Array[]; readonly trailers: Trailers | undefined }
  | { readonly _tag: 'Truncated'; readonly messages: readonly Uint8Array[]; readonly received: number; readonly expected: number }
  | { readonly _tag: 'Malformed'; readonly reason: string }

/**
 * Reads a body chunk by chunk, wherever the chunks split it: a frame's payload that arrives in one
 * chunk is a view of that chunk (no copy), one split across chunks is copied once into its own
 * array. After a malformed frame the rest is ignored.
 */
export class FrameReader {
  private readonly messages: Uint8Array[] = []
  private trailers: Trailers | undefined = undefined
  private malformed: string | undefined = undefined
  /** The header of the frame being read, as far as it came. */
  private readonly header = new Uint8Array(HEADER_BYTES)
  private headerBytes = 0
  /** The payload of the frame being read, once its header is complete and it spans chunks. */
  private payload: Uint8Array | undefined = undefined
  private payloadBytes = 0

  /** Reads the next chunk of the body. */
  push(chunk: Uint8Array): void {
    let at = 0
    while (at < chunk.byteLength && this.malformed === undefined) {
      if (this.payload === undefined) {
        if (this.headerBytes === 0 && chunk.byteLength - at >= HEADER_BYTES) {
          // The common case: the whole header in this chunk.
          this.header.set(chunk.subarray(at, at + HEADER_BYTES))
          this.headerBytes = HEADER_BYTES
          at += HEADER_BYTES
        } else {
          const take = Math.min(HEADER_BYTES - this.headerBytes, chunk.byteLength - at)
          this.header.set(chunk.subarray(at, at + take), this.headerBytes)
          this.headerBytes += take
          at += take
          if (this.headerBytes < HEADER_BYTES) return
        }
        const length = this.length()
        if (chunk.byteLength - at >= length) {
          this.frame(chunk.subarray(at, at + length))
          at += length
          continue
        }
        this.payload = new Uint8Array(length)
        this.payloadBytes = 0
      }
      const take = Math.min(this.payload.byteLength - this.payloadBytes, chunk.byteLength - at)
      this.payload.set(chunk.subarray(at, at + take), this.payloadBytes)
      this.payloadBytes += take
      at += take
      if (this.payloadBytes === this.payload.byteLength) {
        const whole = this.payload
        this.payload = undefined
        this.frame(whole)
      }
    }
  }

  /** What the body held, once it ended. */
  end(): FramesRead {
    if (this.malformed !== undefined) return { _tag: 'Malformed', reason: this.malformed }
    if (this.headerBytes > 0) {
      const expected = this.headerBytes < HEADER_BYTES ? HEADER_BYTES : HEADER_BYTES + this.length()
      return { _tag: 'Truncated', messages: this.messages, received: this.headerBytes + this.payloadBytes, expected }
    }
    return { _tag: 'Frames', messages: this.messages, trailers: this.trailers }
  }

  private length(): number {
    return new DataView(this.header.buffer, this.header.byteOffset, HEADER_BYTES).getUint32(1, false)
  }

  /** One whole frame, its header in {@link FrameReader.header}. */
  private frame(payload: Uint8Array): void {
    const flag = this.header[0]
    this.headerBytes = 0
    this.payloadBytes = 0
    if (this.trailers !== undefined) {
      this.malformed = 'a frame after the trailer frame'
    } else if (flag === DATA_FLAG) {
      this.messages.push(payload)
    } else if (flag === TRAILER_FLAG) {
      const fields = parseTrailers(payload)
      if (fields === undefined) this.malformed = 'a trailer line that is not "name: value"'
      else this.trailers = fields
    } else {
      this.malformed = `a frame with the flag 0x${(flag ?? 0).toString(16).padStart(2, '0')}`
    }
  }
}
