// The installed package through require(): the scenario against WEAVIATE_URL; prints one JSON
// line, exits 1 on any mismatch.
'use strict'

const { connect, firstRight } = require('weaviate-rx')
const { toAsyncIterable } = require('weaviate-rx/paging')
const { startEmbedded } = require('weaviate-rx/embedded')
const { lastValueFrom, toArray } = require('rxjs')
const { runScenario } = require('./scenario.cjs')

if (typeof startEmbedded !== 'function') throw new Error("weaviate-rx/embedded has no startEmbedded")
runScenario('cjs', { connect, firstRight, toAsyncIterable }, { lastValueFrom, toArray }).then(
  (result) => console.log(JSON.stringify(result)),
  (error) => {
    console.error(error)
    process.exitCode = 1
  },
)
