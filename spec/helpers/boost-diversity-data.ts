/**
 * The data of the boost and diversity specs (spec/query/boost-diversity*.spec.ts): a class whose
 * vectors MMR must spread, and a class whose properties a boost must reorder by.
 */
import type { BatchObject } from '../../lib'
import type { ClassDefinition } from './fixtures'

export const uuidOf = (i: number): string => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`

/**
 * At the query [1, 0, 0]: 20 near duplicates (cosine distance ~5e-5), and around them 20 objects on
 * a ring (distance ~0.14 from the query, up to ~0.53 from each other). Unit vectors: the server's
 * MMR measures the stored vectors with the index's distance as they are, and its cosine distance
 * (1 - dot product) holds for unit vectors only.
 */
export const SPREAD = {
  query: [1, 0, 0],
  count: 40,
  definition: { vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }] } satisfies Omit<ClassDefinition, 'class'>,
  objects: (className: string): BatchObject[] => Array.from({ length: 40 }, (_, i) => ({ className, uuid: uuidOf(i), vector: spreadVector(i), dataObject: { title: `item ${i}` } })),
}

const CLUSTER = 20
const RING = 20

const unit = (v: readonly number[]): number[] => v.map((x) => x / Math.hypot(...v))

const spreadVector = (i: number): number[] =>
  unit(i < CLUSTER ? [1, 0.01 * Math.cos(i), 0.01 * Math.sin(i)] : [1, 0.6 * Math.cos((2 * Math.PI * (i - CLUSTER)) / RING), 0.6 * Math.sin((2 * Math.PI * (i - CLUSTER)) / RING)])

const YEAR = 365 * 24 * 3600 * 1000

/**
 * Twelve products: the nearer [1, 0] (and the more often "kettle" in the title), the fewer likes,
 * the older and the dearer; the three farthest are featured.
 */
export const PRODUCTS = Array.from({ length: 12 }, (_, i) => ({
  id: uuidOf(i),
  vector: [Math.cos(i * 0.1), Math.sin(i * 0.1)],
  title: `${'kettle '.repeat(12 - i)}steel`,
  likes: i * 10,
  price: 200 - i * 15,
  published: new Date(Date.now() - (12 - i) * YEAR).toISOString(),
  featured: i >= 12 - 3,
}))

export const BOOSTED = {
  definition: {
    vectorizer: 'none',
    properties: [
      { name: 'title', dataType: ['text'] },
      { name: 'likes', dataType: ['int'] },
      { name: 'price', dataType: ['number'] },
      { name: 'published', dataType: ['date'] },
      { name: 'featured', dataType: ['boolean'] },
    ],
  } satisfies Omit<ClassDefinition, 'class'>,
  objects: (className: string): BatchObject[] => PRODUCTS.map(({ id, vector, ...dataObject }) => ({ className, uuid: id, vector, dataObject })),
}
