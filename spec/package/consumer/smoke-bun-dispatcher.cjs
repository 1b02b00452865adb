// The scenario under Bun with the workaround the README gives: Bun answers `require('undici')`
// with its own built-in module, whose Pool has no `dispatch` or `close`, so weaviate-rx's default
// connection fails there. The real undici, loaded by its file path, is handed in as `dispatcher`.
'use strict'

const path = require('node:path')
const { Agent } = require(path.join(__dirname, 'node_modules', 'undici', 'index.js'))
const weaviate = require('weaviate-rx')
const { toAsyncIterable } = require('weaviate-rx/paging')
const { lastValueFrom, toArray } = require('rxjs')
const { runScenario } = require('./scenario.cjs')

const dispatcher = new Agent()
const connect = (options) => weaviate.connect({ ...options, dispatcher })
const lib = { connect, firstRight: weaviate.firstRight, toAsyncIterable }
runScenario('bun', lib, { lastValueFrom, toArray })
  .then(
    (result) => console.log(JSON.stringify(result)),
    (error) => {
      console.error(error)
      process.exitCode = 1
    },
  )
  .finally(() => dispatcher.close())
