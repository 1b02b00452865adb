import { ArgumentValueError } from '../../lib/core/errors'
import { uuid } from '../../lib/input/uuid'
import { capitalizeFirst } from '../../lib/input/names'

const ID = '36ddd591-2dee-4e7e-a3cc-eb86d30a4303'

describe('uuid input', () => {
  it.each([
    ['canonical lower case', ID],
    ['canonical upper case', ID.toUpperCase()],
    ['32 hex digits', ID.replace(/-/g, '')],
    ['braces', `{${ID}}`],
    ['urn prefix', `urn:uuid:${ID}`],
    ['beacon without class', `weaviate://localhost/${ID}`],
    ['beacon with class', `weaviate://localhost/Article/${ID}`],
    ['beacon of another host', `weaviate://some-domain.com/${ID}`],
    ['object URL without class', `http://127.0.0.1:8080/v1/objects/${ID}`],
    ['object URL with class', `https://host/v1/objects/Article/${ID.toUpperCase()}`],
    ['relative object href', `/v1/objects/Article/${ID}`],
  ])('accepts %s and normalises it', (_name, value) => {
    expect(uuid('uuid', value)).toBe(ID)
  })

  it.each([
    ['a short value', '36ddd591'],
    ['non-hex digits', ID.replace('a', 'g')],
    ['a URL of another API version', `http://h/v2/objects/${ID}`],
    ['a URL of another resource', `http://h/v1/passions/${ID}`],
    ['a beacon whose last part is no uuid', 'weaviate://localhost/UUID'],
    ['an empty string', ''],
  ])('rejects %s with ArgumentValueError', (_name, value) => {
    expect(() => uuid('uuid', value)).toThrow(ArgumentValueError)
  })
})

describe('class names', () => {
  it('upper-cases only the first letter', () => {
    expect(capitalizeFirst('karaokeSongs')).toBe('KaraokeSongs')
    expect(capitalizeFirst('h')).toBe('H')
  })
})
