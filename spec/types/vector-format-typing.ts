/**
 * Type-level specification, checked by `npm test`'s type-check step (never run): a stream's
 * objects carry `vector` as `readonly number[]` by default and with `vectorFormat: 'array'`, as a
 * `Float32Array` with `vectorFormat: 'float32'`, with or without a codec. Each @ts-expect-error
 * line fails the type-check if it ever compiles.
 */
import * as t from 'io-ts'
import type { connect } from '../../lib'
declare const client: ReturnType<typeof connect>
const Article = t.type({ title: t.string })
client.objects.stream({ className: 'A', withVector: true }).subscribe((r) => {
  if (r._tag === 'Right') { const v: readonly number[] | undefined = r.right.vector; void v }
})
client.objects.stream({ className: 'A', withVector: true, vectorFormat: 'float32' }).subscribe((r) => {
  if (r._tag === 'Right') { const v: Float32Array | undefined = r.right.vector; void v }
})
client.objects.streamPages({ className: 'A', withVector: true, vectorFormat: 'float32', codec: Article }).subscribe((r) => {
  if (r._tag === 'Right') { const v: Float32Array | undefined = r.right[0]?.vector; const title: string | undefined = r.right[0]?.properties.title; void v; void title }
})
void (async () => {
  for await (const r of client.objects.iterate({ className: 'A', withVector: true, vectorFormat: 'array' })) {
    if (r._tag === 'Right') { const v: readonly number[] | undefined = r.right.vector; void v }
  }
})
client.objects.stream({ className: 'A', withVector: true, vectorFormat: 'float32' }).subscribe((r) => {
  // @ts-expect-error a Float32Array vector is not typed as numbers
  if (r._tag === 'Right') { const v: readonly number[] | undefined = r.right.vector; void v }
})
// @ts-expect-error vectorFormat is 'array' or 'float32'
client.objects.stream({ className: 'A', vectorFormat: 'float64' })
