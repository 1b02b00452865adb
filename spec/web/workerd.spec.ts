/**
 * The web build in a Cloudflare Worker on workerd (spec/helpers/workerd.ts), bundled under the
 * `workerd` condition as wrangler would, against the run's `RBAC` server. The spec POSTs each
 * program's input to its Worker and reads the result as JSON.
 */
import { RunningWorker, startWorker } from '../helpers/workerd'
import { configuredServer } from '../helpers/versions'
import { bundleForWeb } from '../helpers/web-bundle'
import type { ProbeInput, ProbeResult } from './programs/probe'
import type { ScenarioInput, ScenarioResult } from './programs/scenario-types'
import { describeScenario, rootAccess } from './scenario-checks'

/** The run's `RBAC` server: database users, generative-dummy, CORS as shipped. */
const server = () => rootAccess(configuredServer('RBAC'))

const workers: RunningWorker[] = []

afterAll(async () => {
  for (const worker of workers) await worker.stop()
})

const start = async (entry: string): Promise<RunningWorker> => {
  const worker = await startWorker(await bundleForWeb(entry, 'workerd'))
  workers.push(worker)
  return worker
}

/** POSTs `input` to `worker` and gives its JSON result; throws with the Worker's error and output otherwise. */
const call = async <I, O>(worker: RunningWorker, input: I): Promise<O> => {
  const reply = await fetch(worker.url, { method: 'POST', body: JSON.stringify(input) })
  const text = await reply.text()
  if (reply.status !== 200) throw new Error(`the Worker answered ${reply.status}: ${text}\n${worker.output()}`)
  return JSON.parse(text) as O
}

describe('plain fetch from a Worker', () => {
  let result: ProbeResult

  beforeAll(async () => {
    const worker = await start('spec/web/programs/probe-worker.ts')
    result = await call<ProbeInput, ProbeResult>(worker, { ...server(), noCorsUrl: worker.url })
  })

  it('reaches the server on 127.0.0.1 and reads /v1/meta', () => {
    expect(result.meta).toEqual({ status: 200, version: '1.39.0' })
  })

  it('reads a gRPC-Web reply and its gRPC status', () => {
    expect(result.grpcWeb).toMatchObject({ status: 200, contentType: 'application/grpc-web+proto' })
    expect(result.grpcWeb.grpcStatus).toMatch(/^[1-9]\d*$/)
  })
})

describeScenario('the client in a Worker (bundled with the workerd condition)', server, async (input) =>
  call<ScenarioInput, ScenarioResult>(await start('spec/web/programs/scenario-worker.ts'), input),
)
