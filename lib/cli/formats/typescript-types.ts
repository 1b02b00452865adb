/**
 * A class definition as TypeScript source: an interface of its properties as weaviate-rx returns
 * them (over REST and gRPC alike), and an io-ts codec of the same shape to pass as `codec` to reads
 * and searches. Every property is optional: an object may lack any property, and the server
 * leaves unset ones out.
 *
 * @packageDocumentation
 */
import type { ClassDefinition, PropertyDefinition } from '../../index'

/** The shape of one value, from which both the interface and the codec are printed. */
type Shape =
  | { readonly kind: 'scalar'; readonly type: string; readonly codec: string }
  | { readonly kind: 'array'; readonly of: Shape }
  | { readonly kind: 'object'; readonly fields: readonly Field[]; readonly partial: boolean }
  | { readonly kind: 'unknown'; readonly dataType: string }

interface Field {
  readonly name: string
  readonly shape: Shape
  readonly optional: boolean
  readonly description: string | undefined
}

const scalar = (type: string, codec: string): Shape => ({ kind: 'scalar', type, codec })
const required = (name: string, shape: Shape): Field => ({ name, shape, optional: false, description: undefined })
const optional = (name: string, shape: Shape): Field => ({ name, shape, optional: true, description: undefined })

const STRING = scalar('string', 't.string')
const NUMBER = scalar('number', 't.number')
const BOOLEAN = scalar('boolean', 't.boolean')

/** `geoCoordinates`. */
const GEO: Shape = { kind: 'object', partial: false, fields: [required('latitude', NUMBER), required('longitude', NUMBER)] }

/** `phoneNumber`: what was written, and what the server parsed from it. */
const PHONE: Shape = {
  kind: 'object',
  partial: true,
  fields: [
    optional('input', STRING),
    optional('defaultCountry', STRING),
    optional('internationalFormatted', STRING),
    optional('countryCode', NUMBER),
    optional('national', NUMBER),
    optional('nationalFormatted', STRING),
    optional('valid', BOOLEAN),
  ],
}

/** A cross-reference: the beacons of the objects it points to. */
const REFERENCES: Shape = { kind: 'array', of: { kind: 'object', partial: false, fields: [required('beacon', STRING), optional('href', STRING)] } }

/** The primitive data types, without `[]`. */
const PRIMITIVES: Readonly<Record<string, Shape>> = {
  text: STRING,
  string: STRING,
  int: NUMBER,
  number: NUMBER,
  boolean: BOOLEAN,
  date: STRING,
  uuid: STRING,
  blob: STRING,
  geoCoordinates: GEO,
  phoneNumber: PHONE,
}

/** Whether a data type names classes (a cross-reference): class names start with a capital. */
const isClassName = (dataType: string): boolean => /^[A-Z]/.test(dataType)

const shapeOf = (property: PropertyDefinition): Shape => {
  const [first = ''] = property.dataType
  if (isClassName(first)) return REFERENCES
  if (first === 'object' || first === 'object[]') {
    const object: Shape = { kind: 'object', partial: true, fields: fieldsOf(property.nestedProperties ?? []) }
    return first === 'object' ? object : { kind: 'array', of: object }
  }
  const list = first.endsWith('[]')
  const primitive = PRIMITIVES[list ? first.slice(0, -2) : first]
  if (primitive === undefined) return { kind: 'unknown', dataType: first }
  return list ? { kind: 'array', of: primitive } : primitive
}

const fieldsOf = (properties: readonly PropertyDefinition[]): Field[] =>
  properties.map((p) => ({ name: p.name, shape: shapeOf(p), optional: true, description: typeof p.description === 'string' && p.description !== '' ? p.description : undefined }))

/** A property name as a key: as is when it is an identifier (Weaviate's names are), else quoted. */
const key = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name))

const indent = (depth: number): string => '  '.repeat(depth)

const typeOf = (shape: Shape, depth: number): string => {
  switch (shape.kind) {
    case 'scalar':
      return shape.type
    case 'array':
      return `ReadonlyArray<${typeOf(shape.of, depth)}>`
    case 'unknown':
      return `unknown /* ${shape.dataType}: a data type this version of weaviate-rx does not know */`
    case 'object':
      return `{\n${shape.fields.map((f) => `${docOf(f, depth + 1)}${indent(depth + 1)}readonly ${key(f.name)}${f.optional ? '?' : ''}: ${typeOf(f.shape, depth + 1)}\n`).join('')}${indent(depth)}}`
    default: {
      const unknown: never = shape
      return unknown
    }
  }
}

const codecOf = (shape: Shape, depth: number): string => {
  switch (shape.kind) {
    case 'scalar':
      return shape.codec
    case 'array':
      return `t.readonlyArray(${codecOf(shape.of, depth)})`
    case 'unknown':
      return 't.unknown'
    case 'object': {
      const props = (fields: readonly Field[]): string =>
        `{\n${fields.map((f) => `${indent(depth + 1)}${key(f.name)}: ${codecOf(f.shape, depth + 1)},\n`).join('')}${indent(depth)}}`
      const all = shape.fields.filter((f) => !f.optional)
      const some = shape.fields.filter((f) => f.optional)
      if (shape.partial || all.length === 0) return `t.partial(${props(shape.fields)})`
      if (some.length === 0) return `t.type(${props(all)})`
      return `t.intersection([t.type(${props(all)}), t.partial(${props(some)})])`
    }
    default: {
      const unknown: never = shape
      return unknown
    }
  }
}

const docOf = (field: Field, depth: number): string => (field.description === undefined ? '' : `${indent(depth)}/** ${field.description.replace(/\*\//g, '* /')} */\n`)

/**
 * The TypeScript name made of a class name: `Article` -> `ArticleProperties`.
 */
export const propertiesTypeName = (className: string): string => `${className}Properties`

/**
 * The TypeScript source of `definition`'s properties: an interface and an io-ts codec under one
 * name (`name`, default {@link propertiesTypeName}), importing `io-ts` as `t`. `source` says where
 * the class was read, in the header comment.
 */
export const typescriptTypes = (definition: ClassDefinition, source: string, name = propertiesTypeName(definition.class)): string => {
  const fields = fieldsOf(definition.properties ?? [])
  const root: Shape = { kind: 'object', partial: true, fields }
  const description = typeof definition.description === 'string' && definition.description !== '' ? `${definition.description}\n *\n * ` : ''
  return `// Generated by \`weaviate-rx types\` from class ${definition.class} on ${source}.
import * as t from 'io-ts'

/**
 * ${description}The properties of an object of class \`${definition.class}\` as weaviate-rx returns them. Every
 * property is optional: an object may lack any of them.
 */
export interface ${name} ${typeOf(root, 0)}

/**
 * The io-ts codec of {@link ${name}}: pass it as \`codec\` to a read or a search, and each object's
 * properties are checked and typed.
 */
export const ${name}: t.Type<${name}, unknown> = ${codecOf(root, 0)}
`
}
