import {
  ArgumentValueError,
  ConnectionError,
  TimeoutError,
  UnexpectedStatusError,
  formatError,
  isConnectionError,
  isTimeoutError,
  isWeaviateError,
} from '../../lib/core/errors'
import { isNetworkFailure } from '../../lib/transport/http/retry'

type ErrorsModule = typeof import('../../lib/core/errors')

/** A second, separately loaded copy of lib/errors, as a second copy of the package would be. */
const secondCopy = (): ErrorsModule => {
  let copy: ErrorsModule | undefined
  jest.isolateModules(() => {
    copy = jest.requireActual<ErrorsModule>('../../lib/core/errors')
  })
  if (copy === undefined) throw new Error('module not loaded')
  return copy
}

const URL = 'http://127.0.0.1:8080/v1/meta'

describe('errors', () => {
  it('a second copy of the module defines distinct classes', () => {
    const other = secondCopy()
    expect(other.ConnectionError).not.toBe(ConnectionError)
  })

  it('isWeaviateError recognises an error made by another copy of the package', () => {
    const foreign = new (secondCopy().ConnectionError)({ method: 'GET', url: URL, code: 'ECONNRESET', detail: '' })
    expect(foreign instanceof ConnectionError).toBe(false)
    expect(isWeaviateError(foreign)).toBe(true)
  })

  it('the per-tag guard recognises an error made by another copy of the package', () => {
    const foreign = new (secondCopy().TimeoutError)({ method: 'GET', url: URL, phase: 'attempt', timeoutMs: 5 })
    expect(isTimeoutError(foreign)).toBe(true)
    expect(isConnectionError(foreign)).toBe(false)
  })

  it('the retry decision treats a connection error from another copy as a network failure', () => {
    const foreign = new (secondCopy().ConnectionError)({ method: 'GET', url: URL, code: 'ECONNRESET', detail: '' })
    expect(isWeaviateError(foreign) && isNetworkFailure(foreign)).toBe(true)
  })

  it('a plain object with the same _tag but no brand is not a WeaviateError', () => {
    expect(isWeaviateError({ _tag: 'ConnectionError', message: 'x' })).toBe(false)
    expect(isConnectionError({ _tag: 'ConnectionError' })).toBe(false)
  })

  it('a ConnectionError keeps the underlying error as cause', () => {
    const undiciError = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' })
    const error = new ConnectionError({ method: 'GET', url: URL, code: 'UND_ERR_SOCKET', detail: 'other side closed', cause: undiciError })
    expect(error.cause).toBe(undiciError)
  })

  it('the message is the one formatter applied to the props', () => {
    const props = { method: 'GET', url: URL, status: 503, body: undefined, messages: ['busy'] } as const
    expect(new UnexpectedStatusError(props).message).toBe(formatError({ _tag: 'UnexpectedStatusError', ...props }))
    expect(new UnexpectedStatusError(props).message).toBe(`GET ${URL} failed: unexpected status 503: busy`)
  })

  it('toJSON carries the props and message but never the cause', () => {
    const error = new ArgumentValueError({ argument: 'limit', reason: 'too big', cause: new Error('secret') })
    expect(JSON.parse(JSON.stringify(error))).toEqual({ _tag: 'ArgumentValueError', name: 'ArgumentValueError', argument: 'limit', message: 'too big' })
  })

  it('name and _tag agree for every error', () => {
    const error = new TimeoutError({ method: 'GET', url: URL, phase: 'total', timeoutMs: 1 })
    expect(error.name).toBe(error._tag)
  })
})
