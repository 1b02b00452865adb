/**
 * A key an operation does not take is refused: one ArgumentValueError that names the key and
 * lists the keys the operation takes, before any request (a JavaScript caller's `{ limt: 5 }`
 * once searched with the default limit). Against the run's server, through a client that records
 * every request it sends (REST only, so no request can leave unrecorded over gRPC).
 */
import * as E from 'fp-ts/Either'
import { Observable, lastValueFrom, toArray } from 'rxjs'
import type { Client, WeaviateError } from '../../lib'
import { RecordingClient, recordingClient } from '../helpers/client'

const UUID = '00000000-0000-4000-8000-000000000001'
const WHERE = { path: ['year'], operator: 'Equal', valueInt: 1 }

/** A value the types refuse, as a JavaScript caller passes it. */
const loose = (value: unknown): never => value as never

type Call = (client: Client) => Observable<E.Either<WeaviateError, unknown>>

/** Every operation with an argument object: its call with `extra` spread in, the key, and a key it takes. */
const cases: ReadonlyArray<readonly [string, (extra: Record<string, unknown>) => Call, string, string]> = [
  ['objects.create', (x) => (c) => c.objects.create(loose({ className: 'A', dataObject: {}, ...x })), 'vectr', 'dataObject'],
  ['objects.get (with uuid)', (x) => (c) => c.objects.get(loose({ className: 'A', uuid: UUID, ...x })), 'limit', 'withVector'],
  ['objects.get (without uuid)', (x) => (c) => c.objects.get(loose({ className: 'A', ...x })), 'limt', 'limit'],
  ['objects.getById', (x) => (c) => c.objects.getById(loose({ className: 'A', uuid: UUID, ...x })), 'withVectors', 'withVector'],
  ['objects.list', (x) => (c) => c.objects.list(loose({ className: 'A', ...x })), 'limt', 'limit'],
  ['objects.exists', (x) => (c) => c.objects.exists(loose({ className: 'A', uuid: UUID, ...x })), 'id', 'uuid'],
  ['objects.replace', (x) => (c) => c.objects.replace(loose({ className: 'A', uuid: UUID, dataObject: {}, ...x })), 'properties', 'dataObject'],
  ['objects.update', (x) => (c) => c.objects.update(loose({ className: 'A', uuid: UUID, dataObject: {}, ...x })), 'properties', 'dataObject'],
  ['objects.delete', (x) => (c) => c.objects.delete(loose({ className: 'A', uuid: UUID, ...x })), 'tennant', 'tenant'],
  ['objects.validate', (x) => (c) => c.objects.validate(loose({ className: 'A', dataObject: {}, ...x })), 'tenant', 'vectors'],
  ['objects.count', (x) => (c) => c.objects.count(loose({ className: 'A', ...x })), 'where', 'tenant'],
  ['objects.deleteMany', (x) => (c) => c.objects.deleteMany(loose({ className: 'A', where: WHERE, ...x })), 'dryrun', 'dryRun'],
  ['objects.stream', (x) => (c) => c.objects.stream(loose({ className: 'A', ...x })), 'pagesize', 'pageSize'],
  ['objects.streamPages', (x) => (c) => c.objects.streamPages(loose({ className: 'A', ...x })), 'partition', 'partitions'],
  ['objects.batch options', (x) => (c) => c.objects.batch([], loose({ ...x })), 'batchsize', 'batchSize'],
  ['references.add', (x) => (c) => c.references.add(loose({ fromUuid: UUID, fromPropertyName: 'p', toUuid: UUID, ...x })), 'toClass', 'toClassName'],
  ['references.replace', (x) => (c) => c.references.replace(loose({ fromUuid: UUID, fromPropertyName: 'p', toUuids: [UUID], ...x })), 'toUuid', 'toUuids'],
  ['references.delete', (x) => (c) => c.references.delete(loose({ fromUuid: UUID, fromPropertyName: 'p', toUuid: UUID, ...x })), 'className', 'fromClassName'],
  ['references.batch options', (x) => (c) => c.references.batch([], loose({ ...x })), 'idempotant', 'idempotent'],
  ['query.nearVector', (x) => (c) => c.query.nearVector(loose({ className: 'A', vector: [1], ...x })), 'limt', 'limit'],
  ['query.nearObject', (x) => (c) => c.query.nearObject(loose({ className: 'A', id: UUID, ...x })), 'uuid', 'id'],
  ['query.bm25', (x) => (c) => c.query.bm25(loose({ className: 'A', query: 'x', ...x })), 'properties', 'queryProperties'],
  ['query.hybrid', (x) => (c) => c.query.hybrid(loose({ className: 'A', query: 'x', ...x })), 'searchOperator', 'bm25SearchOperator'],
  ['query.fetchObjects', (x) => (c) => c.query.fetchObjects(loose({ className: 'A', ...x })), 'distance', 'after'],
  ['query.aggregate', (x) => (c) => c.query.aggregate(loose({ className: 'A', ...x })), 'limit', 'groupBy'],
  ['schema.get options', (x) => (c) => c.schema.get(loose({ ...x })), 'retries', 'retry'],
  ['schema.getClass options', (x) => (c) => c.schema.getClass('A', loose({ ...x })), 'timout', 'timeout'],
  ['schema.exists options', (x) => (c) => c.schema.exists('A', loose({ ...x })), 'timout', 'timeout'],
  ['schema.createClass options', (x) => (c) => c.schema.createClass({ class: 'A' }, loose({ ...x })), 'timout', 'timeout'],
  ['schema.updateClass options', (x) => (c) => c.schema.updateClass({ class: 'A' }, loose({ ...x })), 'timout', 'timeout'],
  ['schema.deleteClass options', (x) => (c) => c.schema.deleteClass('A', loose({ ...x })), 'timout', 'timeout'],
  ['schema.addProperty options', (x) => (c) => c.schema.addProperty('A', { name: 'p', dataType: ['text'] }, loose({ ...x })), 'timout', 'timeout'],
  ['tenants.list options', (x) => (c) => c.tenants.list('A', loose({ ...x })), 'timout', 'timeout'],
  ['tenants.create options', (x) => (c) => c.tenants.create('A', ['t'], loose({ ...x })), 'timout', 'timeout'],
  ['tenants.update options', (x) => (c) => c.tenants.update('A', [{ name: 't', activityStatus: 'ACTIVE' }], loose({ ...x })), 'timout', 'timeout'],
  ['tenants.delete options', (x) => (c) => c.tenants.delete('A', ['t'], loose({ ...x })), 'timout', 'timeout'],
  ['aliases.create options', (x) => (c) => c.aliases.create('Alias', 'A', loose({ ...x })), 'timout', 'timeout'],
  ['aliases.get options', (x) => (c) => c.aliases.get('Alias', loose({ ...x })), 'timout', 'timeout'],
  ['aliases.list options', (x) => (c) => c.aliases.list(undefined, loose({ ...x })), 'timout', 'timeout'],
  ['aliases.update options', (x) => (c) => c.aliases.update('Alias', 'A', loose({ ...x })), 'timout', 'timeout'],
  ['aliases.delete options', (x) => (c) => c.aliases.delete('Alias', loose({ ...x })), 'timout', 'timeout'],
  ['backup.create', (x) => (c) => c.backup.create(loose({ backend: 'filesystem', backupId: 'b', ...x })), 'inclde', 'include'],
  ['backup.restore', (x) => (c) => c.backup.restore(loose({ backend: 'filesystem', backupId: 'b', ...x })), 'overwriteAliases', 'overwriteAlias'],
  ['backup.getCreateStatus', (x) => (c) => c.backup.getCreateStatus(loose({ backend: 'filesystem', backupId: 'b', ...x })), 'id', 'backupId'],
  ['backup.getRestoreStatus', (x) => (c) => c.backup.getRestoreStatus(loose({ backend: 'filesystem', backupId: 'b', ...x })), 'id', 'backupId'],
  ['backup.cancel', (x) => (c) => c.backup.cancel(loose({ backend: 'filesystem', backupId: 'b', ...x })), 'op', 'operation'],
  ['backup.list', (x) => (c) => c.backup.list(loose({ backend: 'filesystem', ...x })), 'order', 'backend'],
  ['cluster.nodes', (x) => (c) => c.cluster.nodes(loose({ ...x })), 'collection', 'className'],
  ['cluster.statistics', (x) => (c) => c.cluster.statistics(loose({ ...x })), 'timout', 'timeout'],
  ['cluster.tasks', (x) => (c) => c.cluster.tasks(loose({ ...x })), 'timout', 'timeout'],
  ['cluster.shardingState', (x) => (c) => c.cluster.shardingState(loose({ className: 'A', ...x })), 'collection', 'className'],
  ['cluster.replicate', (x) => (c) => c.cluster.replicate(loose({ className: 'A', shard: 's', sourceNode: 'a', targetNode: 'b', ...x })), 'transferType', 'type'],
  ['cluster.replications.get', (x) => (c) => c.cluster.replications.get(loose({ id: UUID, ...x })), 'history', 'includeHistory'],
  ['cluster.replications.follow', (x) => (c) => c.cluster.replications.follow(loose({ id: UUID, ...x })), 'interval', 'pollIntervalMs'],
  ['cluster.replications.cancel', (x) => (c) => c.cluster.replications.cancel(loose({ id: UUID, ...x })), 'uuid', 'id'],
  ['cluster.replications.list', (x) => (c) => c.cluster.replications.list(loose({ ...x })), 'node', 'targetNode'],
  ['cluster.replications.delete', (x) => (c) => c.cluster.replications.delete(loose({ id: UUID, ...x })), 'force', 'id'],
  ['cluster.replications.deleteAll', (x) => (c) => c.cluster.replications.deleteAll(loose({ ...x })), 'force', 'retry'],
  ['cluster.replications.forceDelete', (x) => (c) => c.cluster.replications.forceDelete(loose({ ...x })), 'targetNode', 'node'],
  ['cluster.scalePlan', (x) => (c) => c.cluster.scalePlan(loose({ className: 'A', replicationFactor: 2, ...x })), 'collection', 'className'],
  ['schema.getShards options', (x) => (c) => c.schema.getShards('A', loose({ ...x })), 'timout', 'timeout'],
  ['schema.updateShardStatus options', (x) => (c) => c.schema.updateShardStatus('A', 's', 'READY', loose({ ...x })), 'timout', 'timeout'],
  ['schema.deletePropertyIndex options', (x) => (c) => c.schema.deletePropertyIndex('A', 'p', 'filterable', loose({ ...x })), 'timout', 'timeout'],
  ['schema.deleteVectorIndex options', (x) => (c) => c.schema.deleteVectorIndex('A', 'v', loose({ ...x })), 'timout', 'timeout'],
  ['schema.indexStatus options', (x) => (c) => c.schema.indexStatus('A', loose({ ...x })), 'timout', 'timeout'],
  ['schema.tokenize', (x) => (c) => c.schema.tokenize(loose({ text: 'x', tokenization: 'word', ...x })), 'stopword', 'stopwords'],
  ['schema.tokenizeProperty options', (x) => (c) => c.schema.tokenizeProperty('A', 'p', 'x', loose({ ...x })), 'timout', 'timeout'],
  ['schema.rebuildIndex options', (x) => (c) => c.schema.rebuildIndex('A', 'p', 'searchable', loose({ ...x })), 'pollInterval', 'pollIntervalMs'],
  ['schema.cancelIndexRebuild options', (x) => (c) => c.schema.cancelIndexRebuild('A', 'p', 'searchable', loose({ ...x })), 'timout', 'timeout'],
  ['per-call retry options', (x) => (c) => c.objects.getById(loose({ className: 'A', uuid: UUID, retry: { attempts: 1, ...x } })), 'attemps', 'attempts'],
  ['per-call timeout options', (x) => (c) => c.query.bm25(loose({ className: 'A', query: 'x', timeout: { totalMs: 1_000, ...x } })), 'total', 'totalMs'],
]

let recording: RecordingClient

beforeEach(() => {
  recording = recordingClient({ transport: 'rest' })
})

afterEach(() => recording.close())

const values = (op: Observable<E.Either<WeaviateError, unknown>>): Promise<ReadonlyArray<E.Either<WeaviateError, unknown>>> =>
  lastValueFrom(op.pipe(toArray()))

describe('a key an operation does not take', () => {
  it.each(cases)('%s: is one ArgumentValueError that names the key and lists the keys taken, and nothing is sent', async (_, call, key, taken) => {
    const emitted = await values(call({ [key]: 1 })(recording.client))
    expect(emitted).toEqual([E.left(expect.objectContaining({ _tag: 'ArgumentValueError', argument: expect.stringMatching(new RegExp(`(^|\\.)${key}$`)) }))])
    const [only] = emitted
    const message = only !== undefined && E.isLeft(only) ? only.left.message : ''
    expect(message).toContain(`${key}' is not an argument of`)
    expect(message).toMatch(new RegExp(`takes .*\\b${taken}\\b`))
    expect(recording.requests).toHaveLength(0)
  })

  it('objects.iterate: is the same error, on the first pull', async () => {
    const pulled: Array<E.Either<WeaviateError, unknown>> = []
    for await (const item of recording.client.objects.iterate(loose({ className: 'A', pagesize: 10 }))) pulled.push(item)
    expect(pulled).toEqual([E.left(expect.objectContaining({ _tag: 'ArgumentValueError', argument: 'pagesize' }))])
    expect(recording.requests).toHaveLength(0)
  })

  it('a key whose value is undefined counts as not given', async () => {
    const emitted = await values(recording.client.objects.getById(loose({ className: 'A', uuid: UUID, limt: undefined, retry: false })))
    expect(emitted).toEqual([E.right(null)])
  })
})

describe('a nested argument object', () => {
  it.each([
    ['groupBy of a search', (c: Client) => c.query.nearVector(loose({ className: 'A', vector: [1], groupBy: { property: 'p', numberOfGroups: 1, objectsPerGroup: 1, limit: 1 } })), 'groupBy.limit'],
    ['groupBy of an aggregate', (c: Client) => c.query.aggregate(loose({ className: 'A', groupBy: { property: 'p', numberOfGroups: 2 } })), 'groupBy.numberOfGroups'],
    ['a reference to return', (c: Client) => c.query.fetchObjects(loose({ className: 'A', returnReferences: [{ linkOn: 'p', properties: ['x'] }] })), 'returnReferences[0].properties'],
    ['a nested property to return', (c: Client) => c.query.fetchObjects(loose({ className: 'A', returnProperties: [{ name: 'p', returnProperties: ['x'] }] })), 'returnProperties[0].returnProperties'],
    ['a search operator', (c: Client) => c.query.bm25(loose({ className: 'A', query: 'x', searchOperator: { operator: 'Or', minimum: 1 } })), 'searchOperator.minimum'],
    ['a UUID range of a stream', (c: Client) => c.objects.stream(loose({ className: 'A', ranges: [{ from: UUID }] })), 'ranges[0].from'],
    ['a tenant', (c: Client) => c.tenants.create('A', loose([{ name: 't', status: 'HOT' }])), 'tenants[0].status'],
  ])('%s: an unknown key is an ArgumentValueError naming its path, and nothing is sent', async (_, call, argument) => {
    expect(await values(call(recording.client))).toEqual([E.left(expect.objectContaining({ _tag: 'ArgumentValueError', argument }))])
    expect(recording.requests).toHaveLength(0)
  })
})

describe('a batch item with a key it does not take', () => {
  it('objects.batch: that object is a BatchObjectError caused by the ArgumentValueError, and is not sent', async () => {
    const emitted = await values(recording.client.objects.batch([loose({ className: 'A', dataObject: {}, vectr: [1] })]))
    expect(emitted).toEqual([
      E.left(expect.objectContaining({ _tag: 'BatchObjectError', index: 0, cause: expect.objectContaining({ _tag: 'ArgumentValueError', argument: 'objects[0].vectr' }) })),
    ])
    expect(recording.requests.filter((r) => r.path.includes('/batch'))).toEqual([])
  })

  it('references.batch: that reference is a BatchReferenceError caused by the ArgumentValueError, and is not sent', async () => {
    const emitted = await values(
      recording.client.references.batch([loose({ fromClassName: 'A', fromUuid: UUID, fromPropertyName: 'p', toUuid: UUID, toClass: 'B' })]),
    )
    expect(emitted).toEqual([
      E.left(expect.objectContaining({ _tag: 'BatchReferenceError', index: 0, cause: expect.objectContaining({ _tag: 'ArgumentValueError', argument: 'references[0].toClass' }) })),
    ])
    expect(recording.requests.filter((r) => r.path.includes('/batch'))).toEqual([])
  })
})

describe('one where check', () => {
  const bad = { path: ['n'], operator: 'Equal', valueInt: 1, valueText: 'x' }

  it('a search and deleteMany refuse the same bad filter with the same message', async () => {
    const [search] = await values(recording.client.query.fetchObjects(loose({ className: 'A', where: bad })))
    const [deleting] = await values(recording.client.objects.deleteMany(loose({ className: 'A', where: bad })))
    expect(search !== undefined && E.isLeft(search) ? search.left.message : 'no Left').toBe(deleting !== undefined && E.isLeft(deleting) ? deleting.left.message : 'no Left either')
  })

  it('names the first bad operand of a nested filter', async () => {
    const [refused] = await values(recording.client.objects.deleteMany(loose({ className: 'A', where: { operator: 'And', operands: [WHERE, bad] } })))
    expect(refused !== undefined && E.isLeft(refused) ? refused.left.message : '').toContain("'where.operands[1]'")
  })
})
