/**
 * Type-level specification, checked by `npm test`'s type-check step (never run): a read without
 * a codec yields unchecked `Record<string, unknown>` properties and cannot be typed narrower by a
 * type argument; with a codec the type comes from the codec. Each @ts-expect-error line fails the
 * type-check if it ever compiles.
 */
import * as t from 'io-ts'
import type { connect } from '../../lib'
declare const client: ReturnType<typeof connect>
const Article = t.type({ title: t.string, pages: t.number })
// inferred from the codec
client.objects.getById({ uuid: 'x', codec: Article }).subscribe((r) => {
  if (r._tag === 'Right' && r.right !== null) { const title: string = r.right.properties.title; void title }
})
client.objects.list({ className: 'A', codec: Article }).subscribe((r) => {
  if (r._tag === 'Right') { const pages: number | undefined = r.right[0]?.properties.pages; void pages }
})
client.objects.stream({ className: 'A', codec: Article }).subscribe((r) => {
  if (r._tag === 'Right') { const pages: number = r.right.properties.pages; void pages }
})
// default: unchecked record
client.objects.getById({ uuid: 'x' }).subscribe((r) => {
  if (r._tag === 'Right' && r.right !== null) { const p: unknown = r.right.properties['anything']; void p }
})
// @ts-expect-error a narrower type without a codec does not compile
client.objects.getById<{ pages: number }>({ uuid: 'x' })
// @ts-expect-error a narrower type without a codec does not compile
client.objects.list<{ pages: number }>({ className: 'A' })
// @ts-expect-error a narrower type without a codec does not compile
client.objects.stream<{ pages: number }>({ className: 'A' })
// @ts-expect-error a narrower type without a codec does not compile
client.objects.iterate<{ pages: number }>({ className: 'A' })
// @ts-expect-error a narrower type without a codec does not compile
client.objects.streamPages<{ pages: number }>({ className: 'A' })
client.objects.streamPages({ className: 'A', codec: Article }).subscribe((r) => {
  if (r._tag === 'Right') { const pages: number | undefined = r.right[0]?.properties.pages; void pages }
})
void (async () => {
  for await (const r of client.objects.iterate({ className: 'A', codec: Article })) {
    if (r._tag === 'Right') { const title: string = r.right.properties.title; void title }
  }
})
// @ts-expect-error iterate takes no pacer: the loop paces
client.objects.iterate({ className: 'A', pacer: { ack: () => undefined, acked$: undefined as never } })
