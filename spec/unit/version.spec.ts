import { compareVersions, parseVersion, supportsClassNamespaces } from '../../lib/server/version'

const v = (raw: string) => {
  const parsed = parseVersion(raw)
  if (parsed === undefined) throw new Error(`unparseable ${raw}`)
  return parsed
}

describe('server versions', () => {
  it.each([
    ['1.9.0', false],
    ['1.13.2', false],
    ['1.14.0', true],
    ['1.39.0', true],
    ['1.100.0', true],
    ['2.0.0', true],
  ])('%s supports class namespaces: %s', (raw, expected) => {
    expect(supportsClassNamespaces(v(raw))).toBe(expected)
  })

  it('compares numerically, not as strings', () => {
    expect(compareVersions(v('1.9.0'), v('1.14.0'))).toBeLessThan(0)
    expect(compareVersions(v('1.100.0'), v('1.14.0'))).toBeGreaterThan(0)
    expect(compareVersions(v('1.14.1'), v('1.14.0'))).toBeGreaterThan(0)
  })

  it('parses pre-release and v-prefixed versions', () => {
    expect(v('v1.25.0-rc.1')).toMatchObject({ major: 1, minor: 25, patch: 0 })
    expect(v('1.14')).toMatchObject({ major: 1, minor: 14, patch: 0 })
  })

  it('rejects text without major.minor', () => {
    expect(parseVersion('latest')).toBeUndefined()
  })
})
