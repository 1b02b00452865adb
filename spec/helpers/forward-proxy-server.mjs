// The forward proxy of spec/helpers/forward-proxy.ts, in a process of its own: the `proxy`
// package is an ES module that jest's CommonJS runtime cannot load. Its argument is the JSON
// `{ routes, refuse }`; it prints one JSON line per event: `{ listening: port }`, `{ connect }`,
// `{ request }`, `{ line }` (a request line inside a plaintext tunnel), and `{ synced: true }`
// for each line `sync` read on stdin, after every event before it.
import { createServer } from 'node:http'
import { createInterface } from 'node:readline'
import { createProxy } from 'proxy'

const { routes = {}, refuse = false } = JSON.parse(process.argv[2] ?? '{}')
const REQUEST_LINE = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) (\S+) HTTP\/1\.1\r$/gm
const emit = (event) => process.stdout.write(`${JSON.stringify(event)}\n`)

const server = createProxy(createServer())
server.authenticate = (req) => {
  const asked = req.url ?? ''
  if (req.method !== 'CONNECT') {
    emit({ request: `${req.method} ${asked}` })
    return !refuse && asked.startsWith('http://127.0.0.1:')
  }
  emit({ connect: asked })
  const routed = routes[asked] ?? asked
  req.url = routed
  let seen = ''
  let from = 0
  req.socket.on('data', (chunk) => {
    seen += chunk.toString('latin1')
    REQUEST_LINE.lastIndex = from
    for (let m = REQUEST_LINE.exec(seen); m !== null; m = REQUEST_LINE.exec(seen)) {
      emit({ line: `${m[1]} ${m[2]}` })
      from = REQUEST_LINE.lastIndex
    }
  })
  // Only loopback targets: no spec's traffic leaves 127.0.0.1.
  return !refuse && routed.startsWith('127.0.0.1:')
}
createInterface({ input: process.stdin }).on('line', () => emit({ synced: true }))
process.stdin.on('end', () => process.exit(0))
server.listen(0, '127.0.0.1', () => emit({ listening: server.address().port }))
