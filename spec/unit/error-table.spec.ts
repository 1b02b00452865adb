/**
 * The error table generates every error: for each tag of the union there is a class of that name,
 * a guard `is<Tag>`, and a message from the table's formatter, and the brand makes an error of a
 * second loaded copy of the module recognised by this copy's guards.
 */
import * as errors from '../../lib/core/errors'
import { ErrorProps, TAGS, formatError, isWeaviateError } from '../../lib/core/errors'

type Tag = keyof ErrorProps
type ErrorsModule = typeof errors

const URL = 'http://127.0.0.1:8080/v1/meta'
const cause = new errors.ConnectionError({ method: 'GET', url: URL, code: 'ECONNRESET', detail: '' })

/**
 * Props for every tag. Its type makes the list exhaustive: a tag added to the table without an
 * entry here does not compile, so the tests below see every tag.
 */
const SAMPLES: { readonly [T in Tag]: ErrorProps[T] } = {
  ArgumentTypeError: { argument: 'uuid', expected: 'string', received: 'number' },
  ArgumentValueError: { argument: 'limit', reason: "'limit' must be a positive integer" },
  ConnectionError: { method: 'GET', url: URL, code: 'ECONNREFUSED', detail: 'connect ECONNREFUSED' },
  TlsError: { method: 'GET', url: 'https://127.0.0.1:8443/v1/meta', reason: 'untrusted-certificate', code: 'SELF_SIGNED_CERT_IN_CHAIN', detail: 'self-signed certificate in certificate chain' },
  TimeoutError: { method: 'GET', url: URL, phase: 'attempt', timeoutMs: 5 },
  UnexpectedStatusError: { method: 'POST', url: URL, status: 422, body: { error: [] }, messages: ['no'] },
  ForbiddenError: { method: 'GET', url: URL, body: { error: [{ message: 'forbidden' }] }, messages: ['forbidden'] },
  AlreadyExistsError: { uuid: '00000000-0000-0000-0000-000000000001', className: 'A', serverMessage: 'exists' },
  DecodeError: { method: 'GET', url: URL, report: ['properties.pages: expected number'] },
  UnsupportedVersionError: { feature: 'tenants', requires: '1.20.0', serverVersion: '1.18.6' },
  ClassAlreadyExistsError: { className: 'A', serverMessage: 'class name A already exists' },
  BatchObjectError: { index: 3, uuid: '00000000-0000-0000-0000-000000000002', className: 'A', messages: ['bad'] },
  BatchReferenceError: { index: 0, from: 'weaviate://localhost/A/x/p', to: 'weaviate://localhost/B/y', messages: ['bad'] },
  StreamPartitionError: { cause, partition: 1, remaining: [] },
  TenantsPartialError: { operation: 'tenants.deactivate', className: 'A', applied: ['t1'], failed: ['t2'], notSent: ['t3'], cause },
  SignInError: { flow: 'clientCredentials', step: 'token', error: 'invalid_client', detail: 'client authentication failed' },
  RefreshTokenRejectedError: { error: 'invalid_grant', detail: 'grant request is invalid' },
}
const SAMPLE_TAGS = Object.keys(SAMPLES) as Tag[]

/** The class the module exports under a tag's name, or undefined. */
const classOf = (module: ErrorsModule, tag: Tag): (new (props: unknown) => unknown) | undefined => {
  const value = (module as Record<string, unknown>)[tag]
  return typeof value === 'function' ? (value as new (props: unknown) => unknown) : undefined
}

/** The guard the module exports as `is<Tag>`, or undefined. */
const guardOf = (module: ErrorsModule, tag: Tag): ((u: unknown) => boolean) | undefined => {
  const value = (module as Record<string, unknown>)[`is${tag}`]
  return typeof value === 'function' ? (value as (u: unknown) => boolean) : undefined
}

/** An error of `tag` made by `module`'s class. */
const make = (module: ErrorsModule, tag: Tag): unknown => {
  const Class = classOf(module, tag)
  if (Class === undefined) throw new Error(`no class ${tag}`)
  return new Class(SAMPLES[tag])
}

/** A second, separately loaded copy of lib/errors, as a second copy of the package would be. */
const secondCopy = (): ErrorsModule => {
  let copy: ErrorsModule | undefined
  jest.isolateModules(() => {
    copy = jest.requireActual<ErrorsModule>('../../lib/core/errors')
  })
  if (copy === undefined) throw new Error('module not loaded')
  return copy
}

describe('the error table', () => {
  it('lists exactly the tags of the union, each once', () => {
    expect([...TAGS].sort()).toEqual([...SAMPLE_TAGS].sort())
    expect(new Set(TAGS).size).toBe(TAGS.length)
  })

  it.each(SAMPLE_TAGS)('exports a class named %s whose instances carry that _tag and name', (tag) => {
    const error = make(errors, tag) as { _tag: unknown; name: unknown }
    expect(error).toBeInstanceOf(Error)
    expect(error._tag).toBe(tag)
    expect(error.name).toBe(tag)
  })

  it.each(SAMPLE_TAGS)('formats a message for %s, and the instance carries exactly that message', (tag) => {
    const message = formatError({ _tag: tag, ...SAMPLES[tag] } as errors.ErrorDescription)
    expect(message).toMatch(/\S/)
    expect(message).not.toContain('undefined')
    expect((make(errors, tag) as Error).message).toBe(message)
  })

  it.each(SAMPLE_TAGS)('exports a guard is%s that accepts only that tag', (tag) => {
    const guard = guardOf(errors, tag)
    expect(guard).toBeInstanceOf(Function)
    const accepted = SAMPLE_TAGS.filter((other) => guard?.(make(errors, other)) === true)
    expect(accepted).toEqual([tag])
  })

  it.each(SAMPLE_TAGS)('recognises a %s made by a second loaded copy of the module', (tag) => {
    const foreign = make(secondCopy(), tag)
    expect(foreign).not.toBeInstanceOf(classOf(errors, tag) ?? Object)
    expect(isWeaviateError(foreign)).toBe(true)
    expect(guardOf(errors, tag)?.(foreign)).toBe(true)
  })

  it('keeps only the declared fields: an extra prop (a header, a key) is not copied onto the error', () => {
    const props = { ...SAMPLES.ConnectionError, authorization: 'Bearer secret' }
    const error = new errors.ConnectionError(props)
    expect(Object.keys(error)).not.toContain('authorization')
    expect(JSON.stringify(error)).not.toContain('secret')
  })

  it('types and keeps the required cause of a StreamPartitionError, out of toJSON', () => {
    const error = new errors.StreamPartitionError(SAMPLES.StreamPartitionError)
    expect(error.cause._tag).toBe('ConnectionError')
    expect(error.toJSON()).not.toHaveProperty('cause')
  })

  it('names a batch object by its index alone when it has neither class nor id', () => {
    const error = new errors.BatchObjectError({ index: 7, messages: ['not an object'] })
    expect(error.message).toBe('object 7 was not written: not an object')
    expect(error.toJSON()).toEqual({ _tag: 'BatchObjectError', name: 'BatchObjectError', index: 7, messages: ['not an object'], message: error.message })
  })

  it('keeps an argument error as the cause of a batch item error', () => {
    const argumentError = new errors.ArgumentValueError({ argument: 'objects[2].uuid', reason: 'not a uuid' })
    const error = new errors.BatchReferenceError({ index: 2, messages: [argumentError.message], cause: argumentError })
    expect(error.cause).toBe(argumentError)
    expect(error.message).toBe('reference 2 was not written: not a uuid')
  })
})
