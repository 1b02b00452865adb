/**
 * `weaviate-rx types` on a class of every data type prints TypeScript that type-checks, whose
 * interface refuses a wrong value type at compile time, and whose io-ts codec decodes every object
 * the class returns over REST and over gRPC (and refuses a wrong value at run time).
 */
import * as E from 'fp-ts/Either'
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import { runInThisContext } from 'node:vm'
import { lastValueFrom, toArray } from 'rxjs'
import * as ts from 'typescript'
import { connect, type BatchObject, type Client, type PropertiesCodec } from '../../lib'
import { allTypesObject, allTypesProperties } from '../helpers/all-types'
import { createClass, deleteClass } from '../helpers/fixtures'
import { exampleContext, typeCheckBlocks } from '../helpers/examples'
import { uniqueClassName, weaviateConnection, weaviateUrl } from '../helpers/server'
import { grpcServerUrl } from '../helpers/versions'
import { runCli } from './fixtures'

const ROOT = path.resolve(__dirname, '..', '..')
const Everything = uniqueClassName('TypesEverything')
const Target = uniqueClassName('TypesTarget')
const TARGET_ID = '0b6a6f3a-3f7e-4d55-9c1f-0d3a8c1c2b12'
const TYPE_NAME = 'EverythingProperties'

let client: Client
let source: string
let codec: PropertiesCodec<Record<string, unknown>>
let dir: string | undefined

/** Evaluates the printed module (transpiled to CommonJS) and returns its codec. */
const load = (code: string): PropertiesCodec<Record<string, unknown>> => {
  const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 } }).outputText
  const exports: Record<string, unknown> = {}
  const module: unknown = runInThisContext(`(function (require, exports) {\n${js}\n})`)
  ;(module as (r: NodeRequire, e: Record<string, unknown>) => void)(require, exports)
  return exports[TYPE_NAME] as PropertiesCodec<Record<string, unknown>>
}

beforeAll(async () => {
  client = connect({ ...weaviateConnection(), grpcUrl: grpcServerUrl('1.39.0') })
  await createClass(weaviateUrl(), { class: Target, vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] })
  await createClass(weaviateUrl(), {
    class: Everything,
    vectorizer: 'none',
    properties: allTypesProperties(Target).map((p) => (p.name === 'text' ? { ...p, description: 'a text, */ closing a comment' } : p)),
  })
  // The target first: a reference is checked when its object is written.
  const batches: BatchObject[][] = [
    [{ className: Target, uuid: TARGET_ID, dataObject: { name: 't' } }],
    [
      { className: Everything, dataObject: allTypesObject(Target, TARGET_ID) },
      { className: Everything, dataObject: { text: 'only text' } },
    ],
  ]
  for (const items of batches) {
    const results = await lastValueFrom(client.objects.batch(items, { transport: 'rest' }).pipe(toArray()))
    expect(results.filter(E.isLeft)).toEqual([])
  }
  const run = await runCli(['types', '--url', weaviateUrl(), '--class', Everything, '--name', TYPE_NAME])
  expect(run).toMatchObject({ code: 0, stderr: '' })
  source = run.stdout
  codec = load(source)
  await fs.mkdir(path.join(ROOT, '.tmp'), { recursive: true })
  dir = await fs.mkdtemp(path.join(ROOT, '.tmp', 'types-'))
})

afterAll(async () => {
  for (const name of [Everything, Target]) await deleteClass(weaviateUrl(), name)
  await client.close()
  if (dir !== undefined) await fs.rm(dir, { recursive: true, force: true })
})

const readAll = async (transport: 'rest' | 'grpc') => {
  const items = await lastValueFrom(client.objects.stream({ className: Everything, codec, transport }).pipe(toArray()))
  return items
}

describe('weaviate-rx types', () => {
  it('prints an interface and a codec that type-check, and the interface refuses a wrong value type', async () => {
    const use = `
const full: ${TYPE_NAME} = { text: 'a', ints: [1], geo: { latitude: 1, longitude: 2 }, nested: { inner: { flag: true } }, ref: [{ beacon: 'weaviate://localhost/T/1' }] }
// @ts-expect-error: a text property holds a string
const wrong: ${TYPE_NAME} = { text: 1 }
// @ts-expect-error: geoCoordinates needs both coordinates
const half: ${TYPE_NAME} = { geo: { latitude: 1 } }
// @ts-expect-error: a property the class does not have
const extra: ${TYPE_NAME} = { title: 'x' }
export { full, wrong, half, extra }
`
    const [result] = await typeCheckBlocks(dir ?? '', [{ name: 'types', code: `${source}\n${use}` }], exampleContext())
    expect(result?.errors).toEqual([])
  })

  it.each(['rest', 'grpc'] as const)('prints a codec that decodes every object the class returns over %s', async (transport) => {
    const items = await readAll(transport)
    expect(items).toHaveLength(2)
    expect(items.filter(E.isLeft)).toEqual([])
  })

  it('prints a codec that refuses a value of the wrong type', () => {
    expect(E.isLeft(codec.decode({ int: 'seven' }))).toBe(true)
    expect(E.isLeft(codec.decode({ geo: { latitude: 1 } }))).toBe(true)
    expect(E.isLeft(codec.decode({ ref: [{ href: '/v1/objects/x' }] }))).toBe(true)
    expect(E.isRight(codec.decode({ int: 7, geo: { latitude: 1, longitude: 2 } }))).toBe(true)
  })

  it('keeps a description in a comment that cannot end it early', () => {
    expect(source).toContain('/** a text, * / closing a comment */')
  })

  it('names the type after the class when no --name is given', async () => {
    const run = await runCli(['types', '--url', weaviateUrl(), '--class', Target])
    expect(run.stdout).toContain(`export interface ${Target}Properties {`)
    expect(run.stdout).toContain(`export const ${Target}Properties: t.Type<${Target}Properties, unknown> = t.partial({`)
  })

  it('fails with exit code 1 naming a class that does not exist', async () => {
    const run = await runCli(['types', '--url', weaviateUrl(), '--class', 'NoSuchClassHere'])
    expect(run).toMatchObject({ code: 1, stdout: '' })
    expect(run.stderr).toContain('class NoSuchClassHere does not exist')
  })

  it('refuses a --name that is not an identifier with exit code 64, before any request', async () => {
    const run = await runCli(['types', '--url', 'http://127.0.0.1:9', '--class', Target, '--name', 'not-a-name'])
    expect(run).toMatchObject({ code: 64, stdout: '' })
    expect(run.stderr).toContain("--name must be a TypeScript identifier, not 'not-a-name'")
  })
})
