/**
 * Type-level specification, checked by `npm test`'s type-check step (never run): an aggregate's
 * metrics are typed from the request: each property's result has its kind and exactly the metrics
 * asked (every metric of the kind when none are named), groups carry the same, and a metric that is
 * not one of its kind does not compile. Each @ts-expect-error line fails the type-check if it ever
 * compiles.
 */
import type { connect } from '../../lib'
declare const client: ReturnType<typeof connect>

client.query.aggregate({ className: 'A', metrics: { price: { kind: 'number', metrics: ['mean', 'sum'] }, title: { kind: 'text' } } }).subscribe((r) => {
  if (r._tag !== 'Right') return
  const count: number = r.right.count
  const mean: number | null = r.right.metrics.price.mean
  const kind: 'number' = r.right.metrics.price.kind
  const top: number | undefined = r.right.metrics.title.topOccurrences[0]?.occurs
  // @ts-expect-error a metric not asked is not in the result
  void r.right.metrics.price.median
  // @ts-expect-error a property not asked is not in the result
  void r.right.metrics.other
  void [count, mean, kind, top]
})

client.query.aggregate({ className: 'A', groupBy: { property: 'category' }, metrics: { flag: { kind: 'boolean', metrics: ['percentageTrue'] } } }).subscribe((r) => {
  if (r._tag !== 'Right') return
  const share: number | null | undefined = r.right.groups[0]?.metrics.flag.percentageTrue
  void share
})

client.query.aggregate({ className: 'A' }).subscribe((r) => {
  if (r._tag !== 'Right') return
  // @ts-expect-error no metrics without 'metrics'
  void r.right.metrics
})

// @ts-expect-error 'topOccurrences' is not a metric of a number property
client.query.aggregate({ className: 'A', metrics: { price: { kind: 'number', metrics: ['topOccurrences'] } } })

// nearImage names its image 'image'
client.query.aggregate({ className: 'A', search: { kind: 'nearImage', image: 'iVBORw0KGgo=' }, objectLimit: 3 })

// @ts-expect-error a vector search's kind names the search (no nearAudio: audio is a nearMedia's mediaType)
client.query.aggregate({ className: 'A', search: { kind: 'nearAudio', audio: 'UklGRg==' }, objectLimit: 3 })

// @ts-expect-error nearMedia needs its mediaType
client.query.aggregate({ className: 'A', search: { kind: 'nearMedia', media: 'UklGRg==' }, objectLimit: 3 })

// nearText names its texts 'concepts'
client.query.aggregate({ className: 'A', search: { kind: 'nearText', concepts: ['x'] }, objectLimit: 3 })

// @ts-expect-error nearText's texts are 'concepts', not 'query'
client.query.aggregate({ className: 'A', search: { kind: 'nearText', query: 'x' }, objectLimit: 3 })
