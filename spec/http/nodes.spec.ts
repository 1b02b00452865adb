/**
 * The failover cursor over a client's nodes (lib/transport/http/nodes.ts).
 */
import { ConnectionError, TimeoutError, UnexpectedStatusError } from '../../lib/core/errors'
import { createNodes, parseNodes } from '../../lib/transport/http/nodes'

const three = () => createNodes(parseNodes(['http://a:1', 'http://b:1', 'http://c:1']))
const url = 'http://a:1/v1/meta'
const refused = new ConnectionError({ method: 'GET', url, code: 'ECONNREFUSED', detail: '' })

describe('createNodes', () => {
  it('picks the first node first', () => {
    expect(three().pick().origin).toBe('http://a:1')
  })

  it('moves to the next node after a connection error', () => {
    const nodes = three()
    nodes.failed(nodes.pick(), refused)
    expect(nodes.pick().origin).toBe('http://b:1')
  })

  it('moves to the next node after an attempt timeout', () => {
    const nodes = three()
    nodes.failed(nodes.pick(), new TimeoutError({ method: 'GET', url, phase: 'attempt', timeoutMs: 10 }))
    expect(nodes.pick().origin).toBe('http://b:1')
  })

  it('wraps around after the last node', () => {
    const nodes = three()
    for (let i = 0; i < 3; i++) nodes.failed(nodes.pick(), refused)
    expect(nodes.pick().origin).toBe('http://a:1')
  })

  it('stays after a status error', () => {
    const nodes = three()
    nodes.failed(nodes.pick(), new UnexpectedStatusError({ method: 'GET', url, status: 500, body: undefined, messages: [] }))
    expect(nodes.pick().origin).toBe('http://a:1')
  })

  it('stays after a total timeout', () => {
    const nodes = three()
    nodes.failed(nodes.pick(), new TimeoutError({ method: 'GET', url, phase: 'total', timeoutMs: 10 }))
    expect(nodes.pick().origin).toBe('http://a:1')
  })

  it('ignores a failure reported for a node it has already left', () => {
    const nodes = three()
    const first = nodes.pick()
    nodes.failed(first, refused)
    nodes.failed(first, refused)
    expect(nodes.pick().origin).toBe('http://b:1')
  })

  it('goes back to a node that answered', () => {
    const nodes = three()
    const first = nodes.pick()
    nodes.failed(first, refused)
    nodes.succeeded(first)
    expect(nodes.pick().origin).toBe('http://a:1')
  })
})
