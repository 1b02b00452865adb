/**
 * What `verify` compares: canonical JSON has sorted keys at every level, and the content hash of
 * an object ignores key order, a reference's href and the name of its own class, but not a
 * property value, a vector or a reference target.
 */
import { canonicalJson, contentHash } from '../../lib/cli/formats/canonical'

const id = '11111111-1111-4111-8111-111111111111'
const other = '22222222-2222-4222-8222-222222222222'
const page = (className: string, target: string, title = 'x', vector = [0.5, 1]) => ({
  id,
  properties: { title, next: [{ beacon: `weaviate://localhost/${className}/${target}`, href: `/v1/objects/${className}/${target}` }] },
  vector,
})

describe('canonicalJson', () => {
  it('sorts keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }, 0] })).toBe('{"a":[{"c":3,"d":2},0],"b":1}')
  })
})

describe('contentHash', () => {
  it('is the same for a copy under another class name, self-references included', () => {
    expect(contentHash(page('Page', other), 'Page', ['next'])).toBe(contentHash(page('PageCopy', other), 'PageCopy', ['next']))
  })

  it('differs when a property value, the vector or a reference target differs', () => {
    const base = contentHash(page('Page', other), 'Page', ['next'])
    expect(contentHash(page('Page', other, 'y'), 'Page', ['next'])).not.toBe(base)
    expect(contentHash(page('Page', other, 'x', [0.5, 1.5]), 'Page', ['next'])).not.toBe(base)
    expect(contentHash(page('Page', id), 'Page', ['next'])).not.toBe(base)
  })
})
