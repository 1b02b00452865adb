/** The probe as a Worker: POST its input, read its result. */
import { probe } from './probe'
import { jsonWorker } from './worker-handler'

export default jsonWorker(probe)
