/** The probe's page: `probe(input)` on the window, for the spec's `page.evaluate`. */
import { probe } from './probe'

Object.assign(globalThis, { probe })
