/** The scenario as a Worker: POST its input, read its result. */
import { scenario } from './scenario'
import { jsonWorker } from './worker-handler'

export default jsonWorker(scenario)
