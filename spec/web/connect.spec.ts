/**
 * The web entry's `connect` (lib/web.ts) refuses at once what only Node's has, each as an
 * `ArgumentValueError` naming the option, and sends nothing doing so. No server is needed.
 */
import { connect, isArgumentValueError } from '../../lib/web'

const URL_ = 'http://127.0.0.1:1'

/** The error `connect` throws for these options, or undefined. */
const refusal = (options: Record<string, unknown>): unknown => {
  try {
    connect({ url: URL_, ...options })
    return undefined
  } catch (e) {
    return e
  }
}

describe("the web entry's connect", () => {
  it.each([
    ['tls', { tls: { ca: 'PEM' } }],
    ['proxy', { proxy: 'http://proxy:3128' }],
    ['grpcKeepalive', { grpcKeepalive: false }],
    ['grpcUrl', { grpcUrl: 'http://127.0.0.1:50051' }],
    ['connections', { connections: 4 }],
    ['dispatcher', { dispatcher: {} }],
  ])("refuses Node's option %s with an ArgumentValueError naming it", (name, options) => {
    expect(refusal(options)).toMatchObject({ _tag: 'ArgumentValueError', argument: name })
  })

  it("refuses grpc: 'native' with an ArgumentValueError", () => {
    const e = refusal({ grpc: 'native' })
    expect(isArgumentValueError(e)).toBe(true)
    expect(e).toMatchObject({ argument: 'grpc' })
  })

  it('refuses a fetch that is not a function', () => {
    expect(refusal({ fetch: 'fetch' })).toMatchObject({ _tag: 'ArgumentValueError', argument: 'fetch' })
  })

  it('takes the options both builds share without sending anything', async () => {
    let sent = 0
    const client = connect({ url: URL_, apiKey: 'k', retry: { attempts: 2 }, timeout: { attemptMs: 1_000 }, headers: { 'x-openai-api-key': 'o' }, fetch: () => (sent++, Promise.reject(new Error('not sent'))) })
    await client.close()
    expect(sent).toBe(0)
  })
})
