/** The scenario's page: `scenario(input)` on the window, for the spec's `page.evaluate`. */
import { scenario } from './scenario'

Object.assign(globalThis, { scenario })
