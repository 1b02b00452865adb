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
 */
export const waitingObjects = <W extends { readonly uuid: string }>(): WaitingObjects<W> => {
  const lines = new Map<string, Array<Place<W>>>()
  let count = 0

  const dropEmpty = (uuid: string, line: ReadonlyArray<Place<W>>): void => {
    if (line.length === 0) lines.delete(uuid)
  }

  const all = (): W[] => {
    const objects: W[] = []
    for (const line of lines.values()) for (const place of line) if (isObject(place)) objects.push(place)
    return objects
  }

  return {
    get count() {
      return count
    },
    add: (object) => {
      const line = lines.get(object.uuid)
      if (line === undefined) lines.set(object.uuid, [object])
      else line.push(object)
      count += 1
    },
    next: (uuid) => {
      const line = lines.get(uuid)
      if (line === undefined) return undefined
      const first = line.shift()
      dropEmpty(uuid, line)
      if (first === undefined || !isObject(first)) return undefined
      count -= 1
      return first
    },
    leave: (object, answerOwed) => {
      const line = lines.get(object.uuid)
      const at = line?.indexOf(object) ?? -1
      if (line === undefined || at < 0) return false
      if (answerOwed) line[at] = OWED_ANSWER
      else {
        line.splice(at, 1)
        dropEmpty(object.uuid, line)
      }
      count -= 1
      return true
    },
    all,
    newStream: () => {
      for (const [uuid, line] of [...lines]) {
        const objects = line.filter(isObject)
        if (objects.length === 0) lines.delete(uuid)
        else if (objects.length < line.length) lines.set(uuid, objects)
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
