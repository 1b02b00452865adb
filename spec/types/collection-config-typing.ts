/**
 * Type-level specification, checked by `npm test`'s type-check step (never run): the typed class
 * configuration catches a misspelt setting and a value of the wrong type at compile time, a
 * definition read from the server is written back without a cast, and `updateConfig` takes no
 * setting that can never change. Each @ts-expect-error line fails the type-check if it ever
 * compiles.
 */
import type { ClassDefinition, ConfigChange, connect } from '../../lib'
declare const client: ReturnType<typeof connect>
declare const read: ClassDefinition

// the correct settings compile
const ok: ClassDefinition = {
  class: 'A',
  vectorIndexType: 'flat',
  vectorIndexConfig: { distance: 'dot', bq: { enabled: true, cache: true } },
  vectorConfig: { v: { vectorizer: { none: {} }, vectorIndexType: 'hnsw', vectorIndexConfig: { multivector: { enabled: true, muvera: { enabled: true } } } } },
  invertedIndexConfig: { bm25: { k1: 1.2, b: 0.75 }, stopwords: { preset: 'en' } },
  replicationConfig: { factor: 1, deletionStrategy: 'DeleteOnConflict' },
  multiTenancyConfig: { enabled: true, autoTenantCreation: true },
  objectTtlConfig: { enabled: false },
}
void ok

// read -> change -> write, no cast
client.schema.updateClass({ ...read, vectorIndexConfig: { ...read.vectorIndexConfig, ef: 64 } })

// @ts-expect-error a misspelt hnsw setting
const typo: ClassDefinition = { class: 'A', vectorIndexConfig: { efConstrution: 64 } }
void typo
// @ts-expect-error a distance the server does not have
const distance: ClassDefinition = { class: 'A', vectorIndexConfig: { distance: 'euclid' } }
void distance
// @ts-expect-error an index type the server does not have
const indexType: ClassDefinition = { class: 'A', vectorIndexType: 'ivf' }
void indexType
// @ts-expect-error a pq segment count as a string
const segments: ClassDefinition = { class: 'A', vectorIndexConfig: { pq: { segments: '4' } } }
void segments
// @ts-expect-error a misspelt multi-tenancy setting
const mt: ClassDefinition = { class: 'A', multiTenancyConfig: { autoTenantCreate: true } }
void mt

// @ts-expect-error the vectorizer never changes on an existing class
const vectorizer: ConfigChange = { vectorizer: 'text2vec-bigram' }
void vectorizer
// @ts-expect-error sharding never changes on an existing class
const sharding: ConfigChange = { shardingConfig: { desiredCount: 2 } }
void sharding
