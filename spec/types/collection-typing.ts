/**
 * Type-level specification of the collection handle, checked by the type-check (never run): the
 * properties type `P` (from a codec or a type parameter) types what is written, what is read,
 * `returnProperties` and the filter builder. Each @ts-expect-error line fails the type-check if it
 * ever compiles; the line before or after it is the matching code that compiles.
 */
import * as t from 'io-ts'
import type { Where, connect } from '../../lib'
declare const client: ReturnType<typeof connect>
declare const uuid: string

const Book = t.type({ title: t.string, year: t.number, tags: t.array(t.string), inPrint: t.boolean })
const books = client.collection('Book', { codec: Book })

// Writes: dataObject is P, partial on update.
books.data.insert({ dataObject: { title: 'Dune', year: 1965, tags: ['sf'], inPrint: true } })
// @ts-expect-error a misspelt property
books.data.insert({ dataObject: { titel: 'Dune', year: 1965, tags: ['sf'], inPrint: true } })
// @ts-expect-error a property of the wrong type
books.data.insert({ dataObject: { title: 'Dune', year: '1965', tags: ['sf'], inPrint: true } })
// @ts-expect-error insert takes every property
books.data.insert({ dataObject: { title: 'Dune' } })
books.data.update({ uuid, dataObject: { year: 1966 } })
// @ts-expect-error update takes only properties of P
books.data.update({ uuid, dataObject: { yaer: 1966 } })
books.data.insertMany([{ dataObject: { title: 'Dune', year: 1965, tags: [], inPrint: true } }])
// @ts-expect-error the class is the handle's
books.data.insert({ className: 'Other', dataObject: { title: 'Dune', year: 1965, tags: [], inPrint: true } })

// Filters: paths and value types checked against P.
const recent: Where = books.filter.byProperty('year').greaterThan(2000)
// @ts-expect-error a misspelt property
books.filter.byProperty('yaer')
// @ts-expect-error a wrong value type in a filter
books.filter.byProperty('year').equal('2000')
books.filter.byProperty('title').like('Du*')
// @ts-expect-error like is for text properties
books.filter.byProperty('year').like('19*')
books.filter.byProperty('tags').containsAny(['sf', 'classic'])
// @ts-expect-error an array property's values are its elements' type
books.filter.byProperty('tags').containsAny([1])
books.filter.byProperty('inPrint').equal(true)
// @ts-expect-error a boolean property takes a boolean
books.filter.byProperty('inPrint').equal('yes')
books.filter.and(recent, books.filter.byProperty('inPrint').equal(true))
// The shapes: length, reference count, times, the id list.
const long: Where = books.filter.byProperty('title', true).greaterThan(10)
books.filter.byProperty('tags', true).equal(0)
// @ts-expect-error a length is a number
books.filter.byProperty('title', true).equal('10')
// @ts-expect-error a number property has no length
books.filter.byProperty('year', true)
// @ts-expect-error a length has no like
void books.filter.byProperty('title', true).like
// @ts-expect-error a misspelt property has no length either
books.filter.byProperty('titel', true)
books.filter.byRefCount('writtenBy').greaterOrEqual(1)
// @ts-expect-error a property of P is not a reference
books.filter.byRefCount('title')
// @ts-expect-error a reference count is a number
books.filter.byRefCount('writtenBy').equal('1')
books.filter.byCreationTime().greaterThan(new Date('2026-01-01T00:00:00Z'))
books.filter.byUpdateTime().lessOrEqual('2026-01-01T00:00:00+01:00')
// @ts-expect-error a time is a Date or a string
books.filter.byCreationTime().greaterThan(1767225600000)
// @ts-expect-error a time has no containsAny here
void books.filter.byUpdateTime().containsAny
books.filter.byId().containsAny([uuid])
// @ts-expect-error ids are strings
books.filter.byId().containsAny([1])
books.filter.or(long, books.filter.not(books.filter.byCreationTime().lessThan(new Date())))

// Searches: returnProperties keyed by P, the result typed by P.
books.query.nearVector({ vector: [1], returnProperties: ['title', 'year'], where: recent }).subscribe((r) => {
  if (r._tag === 'Right') { const year: number | undefined = r.right.objects[0]?.properties.year; void year }
})
// @ts-expect-error a returnProperties entry not in P
books.query.nearVector({ vector: [1], returnProperties: ['title', 'publisher'] })
books.query.bm25({ query: 'dune', returnProperties: ['title'] }).subscribe((r) => {
  // @ts-expect-error the properties are P: no 'publisher'
  if (r._tag === 'Right') { const p: unknown = r.right.objects[0]?.properties.publisher; void p }
})
books.query.fetchObjects({ includeVector: true, vectorFormat: 'float32' }).subscribe((r) => {
  if (r._tag === 'Right') { const v: Float32Array | undefined = r.right.objects[0]?.vector; void v }
})
// Reads through the handle: typed by P.
books.query.fetchObjectById({ uuid }).subscribe((r) => {
  if (r._tag === 'Right' && r.right !== null) { const title: string = r.right.properties.title; void title }
})
books.stream({ pageSize: 10 }).subscribe((r) => {
  if (r._tag === 'Right') { const tags: string[] = r.right.properties.tags; void tags }
})

// A type parameter alone types the handle the same way.
interface Author { readonly name: string; readonly born: number }
const authors = client.collection<Author>('Author')
authors.filter.byProperty('born').lessThan(1900)
// @ts-expect-error a misspelt property of the type parameter
authors.filter.byProperty('bron')
authors.filter.byProperty('name', true).lessThan(3)
// @ts-expect-error a number of the type parameter has no length
authors.filter.byProperty('born', true)
// @ts-expect-error a property of the type parameter is not a reference
authors.filter.byRefCount('name')
authors.query.hybrid({ query: 'x', returnProperties: ['name'] })
// @ts-expect-error a returnProperties entry not in the type parameter
authors.query.hybrid({ query: 'x', returnProperties: ['title'] })

// Without a type, any property name goes (the flat API's Record<string, unknown>).
const any = client.collection('Anything')
any.filter.byProperty('whatever')
any.filter.byProperty('whatever', true).equal(0)
any.filter.byRefCount('whatever').equal(0)
any.query.bm25({ query: 'x', returnProperties: ['whatever'] })

// Aggregates keep the flat answers' types.
books.aggregate.overAll().subscribe((r) => {
  if (r._tag === 'Right') { const n: number = r.right.count; void n }
})
books.aggregate.overAll({ groupBy: { property: 'year' } }).subscribe((r) => {
  if (r._tag === 'Right') { const n: number | undefined = r.right.groups[0]?.count; void n }
})
// Bindings return the same handle type.
const bound: typeof books = books.withTenant('tenantA').withConsistency('QUORUM')
void bound
books.aggregate.overAll({ metrics: { year: { kind: 'int', metrics: ['mean'] } } }).subscribe((r) => {
  if (r._tag === 'Right') { const mean: number | null | undefined = r.right.metrics.year.mean; void mean }
})
