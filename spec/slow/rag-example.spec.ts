/**
 * examples/rag.ts as a user runs it, without a URL: it starts an embedded Weaviate with
 * `ENABLE_MODULES: 'generative-dummy,reranker-dummy'`, answers, and stops the server. (The same
 * example against the run's MODULES server is in spec/examples.spec.ts.)
 */
import { NOTES, main } from '../../examples/rag'
import { retryOnPortClash } from '../helpers/embedded-fixtures'

it('runs a retrieval-augmented answer on an embedded server it starts and stops', async () => {
  const summary = await retryOnPortClash(() => main(undefined, { log: () => undefined }))
  const foxes = NOTES.filter((n) => /fox/i.test(n.title)).sort((a, b) => Buffer.byteLength(b.body) - Buffer.byteLength(a.body))
  expect(summary.titles).toEqual(foxes.map((n) => n.title))
  expect(summary.scores).toEqual(foxes.map((n) => Buffer.byteLength(n.body)))
  expect(summary.answer).toMatch(/^You want me to generate something based on the following prompt: Answer from these notes only: How do foxes hunt in winter\?: \[\{"body":/)
})
