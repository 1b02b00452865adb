import { redactUrl } from '../../lib/core/errors'

describe('redactUrl', () => {
  it('removes user info and access_token from a parseable URL', () => {
    expect(redactUrl('http://u:secret@127.0.0.1:8080/v1/meta?access_token=key&x=1')).toBe('http://127.0.0.1:8080/v1/meta?x=1')
  })

  it('removes user info and access_token from an unparseable URL too', () => {
    const redacted = redactUrl('http://u:secret@[bad/v1?access_token=key')
    expect(redacted).not.toContain('secret')
    expect(redacted).not.toContain('key')
  })
})
