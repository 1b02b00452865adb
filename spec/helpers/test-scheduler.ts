/**
 * A fresh rxjs TestScheduler whose marble assertions compare with jest's `toEqual` (values and
 * errors without stacks, like rxjs's own observableMatcher): the one clock of virtual-time specs.
 */
import { TestScheduler } from 'rxjs/testing'

export const testScheduler = (): TestScheduler => new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
