/**
 * gRPC `Aggregate` on the wire: the request is built for, and encoded by, the generated static
 * code (`lib/proto/static`, ts-proto), the reply decoded by it. These specs hold it to the bytes
 * protobuf-es (the other codegen of the same `.proto`) writes for the message each aggregate
 * means, written out here by hand; and read replies protobuf-es encoded back into the answers.
 * No server: the servers' answers are the aggregate specs' (aggregate*.spec.ts).
 */
import { create, toBinary } from '@bufbuild/protobuf'
import type { MessageInitShape } from '@bufbuild/protobuf'
import { AggregateReplySchema, AggregateRequestSchema } from '../../lib/proto/generated/weaviate/v1/aggregate_pb'
import { Filters_Operator } from '../../lib/proto/generated/weaviate/v1/common_pb'
import { AggregateArgs, aggregateInput } from '../../lib/query/aggregate-args'
import { aggregateCount, aggregateGroups, aggregateRequest } from '../../lib/query/grpc/aggregate-request'
import { METHODS } from '../../lib/transport/grpc/methods'

type RequestInit = MessageInitShape<typeof AggregateRequestSchema>
type ReplyInit = MessageInitShape<typeof AggregateReplySchema>

const ID = '6a2b9f3e-0c1d-4e5f-8a9b-0c1d2e3f4a5b'

/** Our bytes of an aggregate's request. */
const ours = (args: AggregateArgs): Uint8Array => new Uint8Array(METHODS.aggregate.serialize(aggregateRequest(aggregateInput({ ...args }))))

/** protobuf-es' bytes of a message. */
const protobufEs = (init: RequestInit): Uint8Array => toBinary(AggregateRequestSchema, create(AggregateRequestSchema, init))

/** Little-endian float32 bytes, as the server reads `vector_bytes`. */
const float32Bytes = (values: readonly number[]): Uint8Array => {
  const bytes = new Uint8Array(values.length * 4)
  const view = new DataView(bytes.buffer)
  values.forEach((v, i) => view.setFloat32(i * 4, v, true))
  return bytes
}

describe('an aggregate request has the bytes protobuf-es writes for the same message', () => {
  it('a plain count: the collection and objects_count only', () => {
    expect(ours({ className: 'Article' })).toEqual(protobufEs({ collection: 'Article', objectsCount: true }))
  })

  it('metrics of every kind, each with the flags of the metrics asked (top occurrences with its limit, a reference with its type)', () => {
    const args: AggregateArgs = {
      className: 'Article',
      tenant: 'tenantA',
      metrics: {
        words: { kind: 'int', metrics: ['count', 'mean', 'median', 'minimum', 'maximum', 'sum', 'mode'] },
        score: { kind: 'number', metrics: ['mean', 'sum'] },
        title: { kind: 'text', metrics: ['count', 'topOccurrences'], topOccurrencesLimit: 5 },
        body: { kind: 'text', metrics: ['topOccurrences'] },
        published: { kind: 'boolean', metrics: ['totalTrue', 'percentageFalse'] },
        at: { kind: 'date', metrics: ['minimum', 'median'] },
        author: { kind: 'reference', metrics: ['pointingTo'] },
      },
    }
    expect(ours(args)).toEqual(
      protobufEs({
        collection: 'Article',
        tenant: 'tenantA',
        objectsCount: true,
        aggregations: [
          { property: 'words', aggregation: { case: 'int', value: { count: true, mean: true, median: true, minimum: true, maximum: true, sum: true, mode: true } } },
          { property: 'score', aggregation: { case: 'number', value: { mean: true, sum: true } } },
          { property: 'title', aggregation: { case: 'text', value: { count: true, topOccurences: true, topOccurencesLimit: 5 } } },
          { property: 'body', aggregation: { case: 'text', value: { topOccurences: true } } },
          { property: 'published', aggregation: { case: 'boolean', value: { totalTrue: true, percentageFalse: true } } },
          { property: 'at', aggregation: { case: 'date', value: { minimum: true, median: true } } },
          { property: 'author', aggregation: { case: 'reference', value: { pointingTo: true, type: true } } },
        ],
      }),
    )
  })

  it('a filter of nested operands with values of each kind, and a group by with its limit', () => {
    const args: AggregateArgs = {
      className: 'Article',
      where: {
        operator: 'And',
        operands: [
          { path: ['title'], operator: 'Equal', valueText: 'sailing' },
          { path: ['words'], operator: 'GreaterThan', valueInt: 3 },
          {
            operator: 'Or',
            operands: [
              { path: ['score'], operator: 'LessThanEqual', valueNumber: 0.5 },
              { path: ['published'], operator: 'Equal', valueBoolean: false },
              { path: ['tags'], operator: 'ContainsAny', valueTextArray: ['a', 'b'] },
              { path: ['id'], operator: 'NotEqual', valueText: ID },
              { path: ['author', 'Person', 'name'], operator: 'Like', valueText: 'J*' },
            ],
          },
        ],
      },
      groupBy: { property: 'category', limit: 7 },
    }
    expect(ours(args)).toEqual(
      protobufEs({
        collection: 'Article',
        objectsCount: true,
        groupBy: { collection: 'Article', property: 'category' },
        limit: 7,
        filters: {
          operator: Filters_Operator.AND,
          filters: [
            { operator: Filters_Operator.EQUAL, target: { target: { case: 'property', value: 'title' } }, testValue: { case: 'valueText', value: 'sailing' } },
            { operator: Filters_Operator.GREATER_THAN, target: { target: { case: 'property', value: 'words' } }, testValue: { case: 'valueInt', value: 3n } },
            {
              operator: Filters_Operator.OR,
              filters: [
                { operator: Filters_Operator.LESS_THAN_EQUAL, target: { target: { case: 'property', value: 'score' } }, testValue: { case: 'valueNumber', value: 0.5 } },
                { operator: Filters_Operator.EQUAL, target: { target: { case: 'property', value: 'published' } }, testValue: { case: 'valueBoolean', value: false } },
                {
                  operator: Filters_Operator.CONTAINS_ANY,
                  target: { target: { case: 'property', value: 'tags' } },
                  testValue: { case: 'valueTextArray', value: { values: ['a', 'b'] } },
                },
                { operator: Filters_Operator.NOT_EQUAL, target: { target: { case: 'property', value: '_id' } }, testValue: { case: 'valueText', value: ID } },
                {
                  operator: Filters_Operator.LIKE,
                  target: { target: { case: 'multiTarget', value: { on: 'author', targetCollection: 'Person', target: { target: { case: 'property', value: 'name' } } } } },
                  testValue: { case: 'valueText', value: 'J*' },
                },
              ],
            },
          ],
        },
      }),
    )
  })

  it('over a nearVector search: the vector bytes, the named vector, the distance and the object limit', () => {
    const args: AggregateArgs = { className: 'Article', search: { kind: 'nearVector', vector: [0.25, -1.5, 3], targetVector: 'title', distance: 0.4 }, objectLimit: 20 }
    expect(ours(args)).toEqual(
      protobufEs({
        collection: 'Article',
        objectsCount: true,
        objectLimit: 20,
        search: { case: 'nearVector', value: { vectorBytes: float32Bytes([0.25, -1.5, 3]), targetVectors: ['title'], distance: 0.4 } },
      }),
    )
  })

  it('over a nearObject search: the id and the certainty', () => {
    expect(ours({ className: 'Article', search: { kind: 'nearObject', id: ID, certainty: 0.8 } })).toEqual(
      protobufEs({ collection: 'Article', objectsCount: true, search: { case: 'nearObject', value: { id: ID, certainty: 0.8 } } }),
    )
  })

  it('over a nearText search: the concepts and both moves', () => {
    const args: AggregateArgs = {
      className: 'Article',
      search: { kind: 'nearText', concepts: ['sail', 'boat'], moveTo: { force: 0.75, concepts: ['river'], objects: [ID] }, moveAway: { force: 0.25, concepts: ['sea'] } },
      objectLimit: 5,
    }
    expect(ours(args)).toEqual(
      protobufEs({
        collection: 'Article',
        objectsCount: true,
        objectLimit: 5,
        search: {
          case: 'nearText',
          value: { query: ['sail', 'boat'], moveTo: { force: 0.75, concepts: ['river'], uuids: [ID] }, moveAway: { force: 0.25, concepts: ['sea'] } },
        },
      }),
    )
  })

  it('over a nearImage search: the image as base64 (bytes encoded), the named vector and the distance', () => {
    expect(ours({ className: 'Photo', search: { kind: 'nearImage', image: new Uint8Array([1, 2, 3]), targetVector: 'pic', distance: 0.4 } })).toEqual(
      protobufEs({ collection: 'Photo', objectsCount: true, search: { case: 'nearImage', value: { image: 'AQID', targetVectors: ['pic'], distance: 0.4 } } }),
    )
  })

  it.each([
    ['audio', 'nearAudio', { audio: 'UklGRg==' }],
    ['video', 'nearVideo', { video: 'UklGRg==' }],
    ['depth', 'nearDepth', { depth: 'UklGRg==' }],
    ['thermal', 'nearThermal', { thermal: 'UklGRg==' }],
    ['imu', 'nearImu', { imu: 'UklGRg==' }],
  ] as const)('over a nearMedia search of %s: the medium in its own field of its own search, and the certainty', (mediaType, search, field) => {
    expect(ours({ className: 'Clip', search: { kind: 'nearMedia', media: 'UklGRg==', mediaType, certainty: 0.7 } })).toEqual(
      protobufEs({ collection: 'Clip', objectsCount: true, search: { case: search, value: { ...field, certainty: 0.7 } } }),
    )
  })

  it('over a hybrid search: the query, alpha, properties, vector and the vector distance threshold', () => {
    const args: AggregateArgs = {
      className: 'Article',
      search: { kind: 'hybrid', query: 'sailing', alpha: 0.5, queryProperties: ['title'], vector: [1, 2], targetVector: 'title', maxVectorDistance: 0.3 },
      objectLimit: 10,
    }
    expect(ours(args)).toEqual(
      protobufEs({
        collection: 'Article',
        objectsCount: true,
        objectLimit: 10,
        search: {
          case: 'hybrid',
          value: {
            query: 'sailing',
            alpha: 0.5,
            properties: ['title'],
            vectorBytes: float32Bytes([1, 2]),
            targetVectors: ['title'],
            threshold: { case: 'vectorDistance', value: 0.3 },
          },
        },
      }),
    )
  })
})

/** A reply as protobuf-es encodes it, read by our decoder. */
const reply = (init: ReplyInit): ReturnType<typeof METHODS.aggregate.deserialize> =>
  METHODS.aggregate.deserialize(Buffer.from(toBinary(AggregateReplySchema, create(AggregateReplySchema, init))))

describe('an aggregate reply protobuf-es encodes is read into the answer', () => {
  it('a count with metrics of each kind (64-bit counts as numbers, top occurrences as a list)', () => {
    const input = aggregateInput({
      className: 'Article',
      metrics: {
        words: { kind: 'int', metrics: ['count', 'mean', 'maximum'] },
        title: { kind: 'text', metrics: ['count', 'topOccurrences'] },
        published: { kind: 'boolean', metrics: ['percentageTrue'] },
        at: { kind: 'date', metrics: ['minimum'] },
        author: { kind: 'reference', metrics: ['pointingTo'] },
      },
    })
    const decoded = reply({
      result: {
        case: 'singleResult',
        value: {
          objectsCount: 12n,
          aggregations: {
            aggregations: [
              { property: 'words', aggregation: { case: 'int', value: { count: 12n, mean: 4.5, maximum: 9n } } },
              { property: 'title', aggregation: { case: 'text', value: { count: 12n, topOccurences: { items: [{ value: 'a', occurs: 7n }, { value: 'b', occurs: 5n }] } } } },
              { property: 'published', aggregation: { case: 'boolean', value: { percentageTrue: 0.25 } } },
              { property: 'at', aggregation: { case: 'date', value: { minimum: '2024-01-01T00:00:00Z' } } },
              { property: 'author', aggregation: { case: 'reference', value: { pointingTo: ['Person'] } } },
            ],
          },
        },
      },
    })
    expect(aggregateCount(decoded, input)).toEqual({
      count: 12,
      metrics: {
        words: { kind: 'int', count: 12, mean: 4.5, maximum: 9 },
        title: {
          kind: 'text',
          count: 12,
          topOccurrences: [
            { value: 'a', occurs: 7 },
            { value: 'b', occurs: 5 },
          ],
        },
        published: { kind: 'boolean', percentageTrue: 0.25 },
        at: { kind: 'date', minimum: '2024-01-01T00:00:00Z' },
        author: { kind: 'reference', pointingTo: ['Person'] },
      },
    })
  })

  it('groups with the value of each (an int as a number, a list property by its element) and their counts', () => {
    const input = aggregateInput({ className: 'Article', groupBy: { property: 'category' } })
    const decoded = reply({
      result: {
        case: 'groupedResults',
        value: {
          groups: [
            { objectsCount: 3n, groupedBy: { path: ['category'], value: { case: 'text', value: 'news' } } },
            { objectsCount: 2n, groupedBy: { path: ['category'], value: { case: 'int', value: 42n } } },
            { objectsCount: 1n, groupedBy: { path: ['category'], value: { case: 'texts', value: { values: ['x'] } } } },
          ],
        },
      },
    })
    expect(aggregateGroups(decoded, input)).toEqual([
      { value: 'news', count: 3 },
      { value: 42, count: 2 },
      { value: 'x', count: 1 },
    ])
  })
})
