/**
 * Type-level specification, checked by `npm test`'s type-check step (never run): a search's
 * properties are typed by its codec (a record without one), its vectors by `vectorFormat`, an
 * aggregate's answer by whether it groups. Each @ts-expect-error line fails the type-check if it
 * ever compiles.
 */
import * as t from 'io-ts'
import type { connect } from '../../lib'
declare const client: ReturnType<typeof connect>
const Article = t.type({ title: t.string })
client.query.nearVector({ className: 'A', vector: [1], codec: Article }).subscribe((r) => {
  if (r._tag === 'Right') { const title: string | undefined = r.right.objects[0]?.properties.title; void title }
})
client.query.bm25({ className: 'A', query: 'x' }).subscribe((r) => {
  if (r._tag === 'Right') { const p: Record<string, unknown> | undefined = r.right.objects[0]?.properties; void p }
})
client.query.hybrid({ className: 'A', query: 'x', includeVector: true, vectorFormat: 'float32' }).subscribe((r) => {
  if (r._tag === 'Right') { const v: Float32Array | undefined = r.right.objects[0]?.vector; void v }
})
client.query.fetchObjects({ className: 'A', includeVector: true }).subscribe((r) => {
  if (r._tag === 'Right') { const v: readonly number[] | undefined = r.right.objects[0]?.vector; void v }
})
client.query.aggregate({ className: 'A' }).subscribe((r) => {
  if (r._tag === 'Right') { const n: number = r.right.count; void n }
})
client.query.aggregate({ className: 'A', groupBy: { property: 'p' } }).subscribe((r) => {
  if (r._tag === 'Right') { const n: number | undefined = r.right.groups[0]?.count; void n }
})
client.query.nearVector({ className: 'A', vector: [1], codec: Article }).subscribe((r) => {
  // @ts-expect-error the codec's type has no 'body'
  if (r._tag === 'Right') { const body: unknown = r.right.objects[0]?.properties.body; void body }
})
// @ts-expect-error groupBy is for the searches, not fetchObjects
client.query.fetchObjects({ className: 'A', groupBy: { property: 'p', numberOfGroups: 1, objectsPerGroup: 1 } })
client.query.bm25({ className: 'A', query: 'x', groupBy: { property: 'p', numberOfGroups: 1, objectsPerGroup: 1 } })
client.query.hybrid({ className: 'A', query: 'x', groupBy: { property: 'p', numberOfGroups: 1, objectsPerGroup: 1 } })
// @ts-expect-error a vector search needs a vector
client.query.nearVector({ className: 'A' })
client.query.nearVector({ className: 'A', vector: [[1, 2], [3, 4]], targetVector: 'colbert', includeVector: ['colbert'] }).subscribe((r) => {
  // A named vector is a vector or a multi-vector: a list of vectors.
  if (r._tag === 'Right') { const v: readonly number[] | ReadonlyArray<readonly number[]> | undefined = r.right.objects[0]?.vectors?.['colbert']; void v }
})
client.query.nearVector({ className: 'A', vector: [new Float32Array(2)], includeVector: ['colbert'], vectorFormat: 'float32' }).subscribe((r) => {
  if (r._tag === 'Right') { const v: Float32Array | readonly Float32Array[] | undefined = r.right.objects[0]?.vectors?.['colbert']; void v }
})
client.query.fetchObjects({ className: 'A', includeVector: ['colbert'] }).subscribe((r) => {
  // @ts-expect-error a named vector may be a multi-vector, not only numbers
  if (r._tag === 'Right') { const v: readonly number[] | undefined = r.right.objects[0]?.vectors?.['colbert']; void v }
})
client.query.fetchObjects({ className: 'A', includeVector: ['colbert'], vectorFormat: 'float32' }).subscribe((r) => {
  // What a search reads is what a write takes, without a cast.
  if (r._tag === 'Right') { const o = r.right.objects[0]; if (o?.vectors !== undefined) client.objects.create({ className: 'A', dataObject: {}, vectors: o.vectors }) }
})
client.objects.getById({ className: 'A', uuid: '00000000-0000-4000-8000-000000000000', withVector: true }).subscribe((r) => {
  if (r._tag === 'Right' && r.right?.vectors !== undefined) {
    const v: readonly number[] | ReadonlyArray<readonly number[]> | undefined = r.right.vectors['colbert']
    void v
    client.objects.batch([{ className: 'A', dataObject: {}, vectors: r.right.vectors }])
  }
})
client.objects.stream({ className: 'A', withVector: true, vectorFormat: 'float32' }).subscribe((r) => {
  if (r._tag === 'Right') { const v: Float32Array | readonly Float32Array[] | undefined = r.right.vectors?.['colbert']; void v }
})
// @ts-expect-error a multi-vector query is a list of vectors, not of lists of them
client.query.nearVector({ className: 'A', vector: [[[1]]] })
