import { EmbeddedError, formatEmbeddedError, isEmbeddedError } from '../../lib/embedded'

type EmbeddedModule = typeof import('../../lib/embedded/errors')

/** A second, separately loaded copy of the embedded errors, as a second copy of the package would be. */
const secondCopy = (): EmbeddedModule => {
  let copy: EmbeddedModule | undefined
  jest.isolateModules(() => {
    copy = jest.requireActual<EmbeddedModule>('../../lib/embedded/errors')
  })
  if (copy === undefined) throw new Error('module not loaded')
  return copy
}

describe('EmbeddedError', () => {
  it('takes one props object and keeps reason and detail', () => {
    const error = new EmbeddedError({ reason: 'PortInUse', detail: 'REST port 8080 on 127.0.0.1 is taken' })
    expect({ reason: error.reason, detail: error.detail, tag: error._tag }).toEqual({
      reason: 'PortInUse',
      detail: 'REST port 8080 on 127.0.0.1 is taken',
      tag: 'EmbeddedError',
    })
  })

  it('builds its message with the one formatter', () => {
    const props = { reason: 'InvalidOptions', detail: 'port must be an integer from 1 to 65535, got 0' } as const
    expect(new EmbeddedError(props).message).toBe(formatEmbeddedError(props))
  })

  it('keeps the underlying failure as cause', () => {
    const spawnError = Object.assign(new Error('spawn EACCES'), { code: 'EACCES' })
    expect(new EmbeddedError({ reason: 'StartFailed', detail: 'could not start', cause: spawnError }).cause).toBe(spawnError)
  })

  it('isEmbeddedError recognises an error made by another copy of the package', () => {
    const foreign = new (secondCopy().EmbeddedError)({ reason: 'StartFailed', detail: 'x' })
    expect(foreign instanceof EmbeddedError).toBe(false)
    expect(isEmbeddedError(foreign)).toBe(true)
  })

  it('isEmbeddedError refuses a plain object with the same _tag', () => {
    expect(isEmbeddedError({ _tag: 'EmbeddedError', reason: 'StartFailed' })).toBe(false)
  })
})
