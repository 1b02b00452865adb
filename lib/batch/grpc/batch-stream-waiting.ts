/**
 * The objects of one `BatchStream` run that wait for their results. The server names an object in
 * its results only by UUID, so the objects wait in one line per UUID (a UUID given twice waits
 * twice, first in first out) and a result goes to the first in its line.
 *
 * An object that stops waiting (its request's deadline passed, or the request was unsubscribed)
 * after it was written on the open stream keeps its place as an owed answer: the stream still owes
 * it a result, and that result, when it comes, is dropped instead of settling a later copy of the
 * UUID. A new stream owes nothing: opening one drops the owed answers ({@link WaitingObjects.newStream}).
 *
 * @packageDocumentation
 */

/**
 * The waiting objects of a run, by UUID.
 */
export interface WaitingObjects<W extends { readonly uuid: string }> {
  /** How many objects wait (owed answers are not objects). */
  readonly count: number
  add(object: W): void
  /**
   * The object a result naming `uuid` is for: the first in its line. Undefined when none waits, or
   * when the first place is an owed answer: the result is then spent on it.
   */
  next(uuid: string): W | undefined
  /**
   * Takes `object` out of its line; an object the open stream owes an answer (`answerOwed`) leaves
   * an owed answer in its place. False when it was not waiting (it had its result).
   */
  leave(object: W, answerOwed: boolean): boolean
  /** Every waiting object (in line order for each UUID). */
  all(): W[]
  /** A new stream opens: it owes no answer, so the owed answers are dropped. */
  newStream(): void
  /** Takes every object out (and drops the owed answers); returns the objects that waited. */
  clear(): W[]
}

/** The place of an object that stopped waiting for an answer the open stream still owes it. */
const OWED_ANSWER = Symbol('owed answer')

type Place<W> = W | typeof OWED_ANSWER

const isObject = <W>(place: Place<W>): place is W => place !== OWED_ANSWER

/**
 * Creates the waiting objects of one run, none waiting.
 *
 * A line of one place (the common case: every UUID given once) is kept as that place, with no
 * array: an array is made only when a second place joins a UUID's line.
 */
export const waitingObjects = <W extends { readonly uuid: string }>(): WaitingObjects<W> => {
  const lines = new Map<string, Place<W> | Array<Place<W>>>()
  let count = 0

  const placesOf = (line: Place<W> | Array<Place<W>>): ReadonlyArray<Place<W>> => (Array.isArray(line) ? line : [line])

  const all = (): W[] => {
    const objects: W[] = []
    for (const line of lines.values()) {
      if (!Array.isArray(line)) {
        if (isObject(line)) objects.push(line)
      } else for (const place of line) if (isObject(place)) objects.push(place)
    }
    return objects
  }

  /** Sets `uuid`'s line to `places`: none deletes it, one is kept without an array. */
  const setLine = (uuid: string, places: Array<Place<W>>): void => {
    if (places.length === 0) lines.delete(uuid)
    else if (places.length === 1) lines.set(uuid, places[0] as Place<W>)
    else lines.set(uuid, places)
  }

  return {
    get count() {
      return count
    },
    add: (object) => {
      const line = lines.get(object.uuid)
      if (line === undefined) lines.set(object.uuid, object)
      else if (Array.isArray(line)) line.push(object)
      else lines.set(object.uuid, [line, object])
      count += 1
    },
    next: (uuid) => {
      const line = lines.get(uuid)
      if (line === undefined) return undefined
      let first: Place<W> | undefined
      if (Array.isArray(line)) {
        first = line.shift()
        if (line.length === 0) lines.delete(uuid)
      } else {
        first = line
        lines.delete(uuid)
      }
      if (first === undefined || !isObject(first)) return undefined
      count -= 1
      return first
    },
    leave: (object, answerOwed) => {
      const line = lines.get(object.uuid)
      if (line === undefined) return false
      if (!Array.isArray(line)) {
        if (line !== object) return false
        if (answerOwed) lines.set(object.uuid, OWED_ANSWER)
        else lines.delete(object.uuid)
      } else {
        const at = line.indexOf(object)
        if (at < 0) return false
        if (answerOwed) line[at] = OWED_ANSWER
        else {
          line.splice(at, 1)
          if (line.length === 0) lines.delete(object.uuid)
        }
      }
      count -= 1
      return true
    },
    all,
    newStream: () => {
      for (const [uuid, line] of [...lines]) {
        const places = placesOf(line)
        const objects = places.filter(isObject)
        if (objects.length < places.length) setLine(uuid, objects)
      }
    },
    clear: () => {
      const objects = all()
      lines.clear()
      count = 0
      return objects
    },
  }
}
