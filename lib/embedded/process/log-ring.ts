/**
 * The last lines a server printed, kept in a fixed-size ring so a long-running server costs
 * constant memory while a failed start can still show what went wrong.
 *
 * @packageDocumentation
 */
import type { Readable } from 'node:stream'

/**
 * A fixed-capacity buffer of text lines; pushing past the capacity drops the oldest line.
 */
export class LineRing {
  private readonly buffer: string[] = []
  private start = 0

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`LineRing capacity must be a positive integer, got ${capacity}`)
    }
  }

  /** Appends one line, evicting the oldest when full. */
  push(line: string): void {
    if (this.buffer.length < this.capacity) {
      this.buffer.push(line)
    } else {
      this.buffer[this.start] = line
      this.start = (this.start + 1) % this.capacity
    }
  }

  /** The last `count` lines (all by default), oldest first. */
  lines(count: number = this.capacity): string[] {
    const ordered = [...this.buffer.slice(this.start), ...this.buffer.slice(0, this.start)]
    return ordered.slice(Math.max(0, ordered.length - count))
  }
}

/**
 * Calls `onLine` for every complete line a stream emits, plus a trailing partial line at its end.
 */
export const forEachLine = (stream: Readable, onLine: (line: string) => void): void => {
  let pending = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk: string) => {
    pending += chunk
    let newline = pending.indexOf('\n')
    while (newline !== -1) {
      onLine(pending.slice(0, newline).replace(/\r$/, ''))
      pending = pending.slice(newline + 1)
      newline = pending.indexOf('\n')
    }
  })
  stream.on('end', () => {
    if (pending !== '') onLine(pending)
    pending = ''
  })
}
