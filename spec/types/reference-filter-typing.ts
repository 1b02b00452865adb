/**
 * Type-level checks of the collection handle's `filter.byRef` (compiled by the type-check, never
 * run): an untyped target takes every value condition, a typed one the conditions of each
 * property's type, and a property of the handle is no reference.
 */
import * as t from 'io-ts'
import type { Client } from '../../lib'

declare const client: Client
const books = client.collection('Book', { codec: t.type({ title: t.string }) })
const f = books.filter

// an untyped target: any name, every value condition
f.byRef('writtenBy', 'Author').byProperty('name').equal('Le Guin')
f.byRef('writtenBy', 'Author').byProperty('born').lessThan(1930)

// a typed target: each property's conditions
f.byRef<{ name: string; born: number }>('writtenBy', 'Author').byProperty('born').greaterThan(1900)
// @ts-expect-error 'born' is a number, not a text
f.byRef<{ name: string; born: number }>('writtenBy', 'Author').byProperty('born').equal('1929')
// @ts-expect-error 'age' is not a property of the target
f.byRef<{ name: string; born: number }>('writtenBy', 'Author').byProperty('age')

// @ts-expect-error 'title' is a property of Book, not a reference
f.byRef('title', 'Author')
