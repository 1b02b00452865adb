/**
 * Typed provider settings (OpenAI, Cohere, Weaviate Embeddings, Anthropic, Ollama, Google, AWS,
 * Mistral, VoyageAI, Jina AI) against the
 * server's own validation. The run's `PROVIDERS` server (spec/helpers/versions.ts) is Weaviate
 * 1.39.0 with these modules enabled and no provider key: a module validates its settings when a
 * class is created without calling its provider, so creation is the oracle. No provider can be
 * reached from here, so nothing is vectorized or generated: every class is created without objects.
 *
 * Each valid configuration is accepted by the client's check and by the server, and reads back as
 * written; each value the server refuses is refused by the client first, by path, with nothing
 * sent, and the same body sent past the client is refused by the server. A misspelt setting of a
 * typed module is refused by path; a module the client does not type passes as an open record.
 */
import type { ClassDefinition, ModuleConfig, NamedVectorConfig, WeaviateError } from '../lib'
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { differences } from './helpers/round-trip'
import { uniqueClassName } from './helpers/server'
import { configuredServer } from './helpers/versions'

let providers: RecordingClient
let server: { url: string; apiKey: string | undefined }
const made: string[] = []

beforeAll(() => {
  const p = configuredServer('PROVIDERS')
  server = p
  providers = recordingClient({ url: p.url, ...(p.apiKey === undefined ? {} : { apiKey: p.apiKey }) })
})

afterAll(async () => {
  for (const name of made) await right(providers.client.schema.deleteClass(name))
  await providers.close()
})

const newName = (prefix: string): string => {
  const name = uniqueClassName(prefix)
  made.push(name)
  return name
}

const title = [{ name: 'title', dataType: ['text'] }] as const

/** A class with one named vector `v` vectorized by `vectorizer`. */
const withVectorizer = (prefix: string, vectorizer: NamedVectorConfig['vectorizer']): ClassDefinition => ({
  class: newName(prefix),
  properties: title,
  vectorConfig: { v: { ...(vectorizer === undefined ? {} : { vectorizer }), vectorIndexType: 'hnsw' } },
})

/**
 * A class with one named vector of its own vectors whose `moduleConfig` is `modules`. Named, because
 * a legacy class with `vectorizer: 'none'` has its `moduleConfig` validated by no module at all
 * (usecases/modules/module_config_init_and_validate.go ValidateClass at v1.39.0), so only a named
 * vector class makes the server an oracle for the generative and reranker settings.
 */
const withModules = (prefix: string, moduleConfig: ModuleConfig): ClassDefinition => ({
  class: newName(prefix),
  properties: title,
  vectorConfig: { v: { vectorizer: { none: {} }, vectorIndexType: 'hnsw' } },
  moduleConfig,
})

/** POSTs `definition` to the server past the client; its status. */
const sendRaw = async (definition: unknown): Promise<number> => {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (server.apiKey !== undefined) headers['authorization'] = `Bearer ${server.apiKey}`
  const res = await fetch(`${server.url}/v1/schema`, { method: 'POST', headers, body: JSON.stringify(definition) })
  await res.text()
  return res.status
}

/** The client's answer to creating `definition`, and how many requests it sent. */
const refusedByClient = async (definition: unknown): Promise<{ error: WeaviateError; sent: number }> => {
  const own = recordingClient({ url: server.url, ...(server.apiKey === undefined ? {} : { apiKey: server.apiKey }) })
  try {
    const error = await left(own.client.schema.createClass(definition as ClassDefinition))
    return { error, sent: own.requests.length }
  } finally {
    await own.close()
  }
}

const valid = (): ReadonlyArray<readonly [string, ClassDefinition]> => [
  ['text2vec-openai, a v3 model with its dimensions', withVectorizer('PcOpenAI', { 'text2vec-openai': { model: 'text-embedding-3-large', dimensions: 1024, type: 'text', vectorizeClassName: false, properties: ['title'] } })],
  ['text2vec-openai on Azure', withVectorizer('PcAzure', { 'text2vec-openai': { resourceName: 'res', deploymentId: 'dep', apiVersion: '2024-02-01' } })],
  ['text2vec-openai, an OpenAI-compatible endpoint with its own model', withVectorizer('PcCompat', { 'text2vec-openai': { baseURL: 'https://llm.example.com', model: 'my-embedder', dimensions: 384 } })],
  ['text2vec-cohere', withVectorizer('PcCohere', { 'text2vec-cohere': { model: 'embed-english-v3.0', truncate: 'START', dimensions: 512 } })],
  ['text2vec-weaviate', withVectorizer('PcWeaviate', { 'text2vec-weaviate': { model: 'Snowflake/snowflake-arctic-embed-m-v1.5', dimensions: 256 } })],
  ['text2vec-ollama', withVectorizer('PcOllama', { 'text2vec-ollama': { apiEndpoint: 'http://127.0.0.1:1', model: 'nomic-embed-text' } })],
  [
    'generative-openai with every setting',
    withModules('PcGenOpenAI', {
      'generative-openai': { model: 'gpt-4o', temperature: 1, maxTokens: 1000, frequencyPenalty: 0, presencePenalty: 1, topP: 2, reasoningEffort: 'low', verbosity: 'medium' },
    }),
  ],
  ['generative-anthropic', withModules('PcAnthropic', { 'generative-anthropic': { model: 'claude-sonnet-4-5', maxTokens: 1024, stopSequences: ['END'], temperature: 0.3, topK: 5, topP: 0.9 } })],
  ['generative-cohere with reranker-cohere', withModules('PcGenCohere', { 'generative-cohere': { model: 'command-r', temperature: 0.1, maxTokens: 500, k: 3, stopSequences: ['x'] }, 'reranker-cohere': { model: 'rerank-v3.5' } })],
  ['generative-ollama', withModules('PcGenOllama', { 'generative-ollama': { apiEndpoint: 'http://127.0.0.1:1', model: 'llama3.2' } })],
  [
    'text2vec-google on Google AI Studio',
    withVectorizer('PcGoogleStudio', { 'text2vec-google': { apiEndpoint: 'generativelanguage.googleapis.com', model: 'gemini-embedding-001', taskType: 'CLUSTERING', dimensions: 768 } }),
  ],
  [
    'text2vec-google on Vertex AI',
    withVectorizer('PcGoogleVertex', { 'text2vec-google': { projectId: 'my-project', location: 'europe-west1', model: 'text-embedding-005', titleProperty: 'title', properties: ['title'] } }),
  ],
  [
    'multi2vec-google with weights',
    withVectorizer('PcMulti2VecGoogle', { 'multi2vec-google': { projectId: 'p', location: 'us-central1', textFields: ['title'], weights: { textFields: [1] }, dimensions: 512, videoIntervalSeconds: 15 } }),
  ],
  ['generative-google on Vertex AI', withModules('PcGenGoogle', { 'generative-google': { projectId: 'p', model: 'gemini-1.5-pro', temperature: 1, tokenLimit: 8192, topK: 40, topP: 1 } })],
  ['generative-google on Google AI Studio', withModules('PcGenGoogleStudio', { 'generative-google': { model: 'gemini-2.0-flash', tokenLimit: 1024 } })],
  ['text2vec-aws on Bedrock', withVectorizer('PcAwsBedrock', { 'text2vec-aws': { region: 'us-east-1', model: 'amazon.titan-embed-text-v2:0', dimensions: 512 } })],
  [
    'text2vec-aws on SageMaker',
    withVectorizer('PcAwsSageMaker', { 'text2vec-aws': { service: 'sagemaker', region: 'eu-west-1', endpoint: 'my-endpoint', targetModel: 'm', targetVariant: 'v' } }),
  ],
  [
    'generative-aws on Bedrock',
    withModules('PcGenAws', { 'generative-aws': { region: 'us-east-1', model: 'anthropic.claude-3-haiku-20240307-v1:0', maxTokens: 1000, temperature: 0.5, topP: 1, topK: 250, stopSequences: ['x'] } }),
  ],
  ['generative-aws on SageMaker', withModules('PcGenAwsSm', { 'generative-aws': { service: 'sagemaker', region: 'us-east-1', endpoint: 'my-endpoint', targetModel: 'm' } })],
  ['text2vec-mistral', withVectorizer('PcMistral', { 'text2vec-mistral': { model: 'mistral-embed', vectorizeClassName: false } })],
  ['generative-mistral', withModules('PcGenMistral', { 'generative-mistral': { model: 'mistral-large-latest', temperature: 0.2, maxTokens: 500 } })],
  ['text2vec-voyageai', withVectorizer('PcVoyage', { 'text2vec-voyageai': { model: 'voyage-3-large', dimensions: 1024, truncate: false } })],
  ['text2vec-jinaai', withVectorizer('PcJina', { 'text2vec-jinaai': { model: 'jina-embeddings-v3', dimensions: 512 } })],
  ['text2vec-nvidia', withVectorizer('PcNvidia', { 'text2vec-nvidia': { model: 'nvidia/nv-embedqa-e5-v5', truncate: 'END' } })],
  ['text2vec-huggingface with options', withVectorizer('PcHf', { 'text2vec-huggingface': { model: 'sentence-transformers/all-MiniLM-L6-v2', options: { waitForModel: true, useGPU: false } } })],
  ['text2vec-huggingface on an endpoint', withVectorizer('PcHfEndpoint', { 'text2vec-huggingface': { endpointURL: 'https://hf.example.com/embed' } })],
  ['text2vec-databricks', withVectorizer('PcDbx', { 'text2vec-databricks': { endpoint: 'https://dbx.example.com/serving-endpoints/bge/invocations', instruction: 'Represent this' } })],
  ['generative-databricks', withModules('PcGenDbx', { 'generative-databricks': { endpoint: 'https://dbx.example.com/x', temperature: 1, maxTokens: 500, topP: 2, topK: 40 } })],
  ['generative-nvidia', withModules('PcGenNvidia', { 'generative-nvidia': { model: 'meta/llama-3.3-70b-instruct', temperature: 0.2, topP: 0.7, maxTokens: 512 } })],
  ['generative-xai', withModules('PcGenXai', { 'generative-xai': { model: 'grok-4', temperature: 0.5, maxTokens: 1024 } })],
]

describe('valid provider settings: the client and the server accept them', () => {
  it.each(valid().map(([name, definition]) => [name, definition] as const))('%s is created and reads back as written', async (_name, definition) => {
    await right(providers.client.schema.createClass(definition))
    const read = await right(providers.client.schema.getClass(definition.class))
    expect(differences(definition, read)).toEqual([])
  })

  it('a class read back with the server defaults filled in is created again as it is', async () => {
    const definitions = [
      withVectorizer('PcBackCohere', { 'text2vec-cohere': {} }),
      withVectorizer('PcBackOpenAI', { 'text2vec-openai': {} }),
      withVectorizer('PcBackWeaviate', { 'text2vec-weaviate': {} }),
      withVectorizer('PcBackOllama', { 'text2vec-ollama': {} }),
      withVectorizer('PcBackGoogle', { 'text2vec-google': { projectId: 'p' } }),
      withVectorizer('PcBackAws', { 'text2vec-aws': { region: 'us-east-1', model: 'amazon.titan-embed-text-v2:0' } }),
      withVectorizer('PcBackMistral', { 'text2vec-mistral': {} }),
      withVectorizer('PcBackVoyage', { 'text2vec-voyageai': {} }),
      withVectorizer('PcBackJina', { 'text2vec-jinaai': {} }),
      withVectorizer('PcBackNvidia', { 'text2vec-nvidia': {} }),
      withVectorizer('PcBackHf', { 'text2vec-huggingface': {} }),
      withVectorizer('PcBackDbx', { 'text2vec-databricks': { endpoint: 'https://dbx.example.com/x' } }),
    ]
    for (const definition of definitions) {
      await right(providers.client.schema.createClass(definition))
      const read = await right(providers.client.schema.getClass(definition.class))
      if (read === null) throw new Error(`${definition.class} was not created`)
      const again = await right(providers.client.schema.createClass({ ...read, class: newName(`${definition.class.split('_')[0] ?? 'Pc'}Again`) }))
      expect(again.vectorConfig).toEqual(read.vectorConfig)
    }
  })
})

/** A value the server refuses at creation, where it sits, and the path the client names. */
const invalid: ReadonlyArray<readonly [string, () => unknown, string]> = [
  ['text2vec-openai type other than text or code', () => withVectorizer('PcBad', { 'text2vec-openai': { type: 'prose' as 'text' } }), 'definition.vectorConfig.v.vectorizer.text2vec-openai.type'],
  ['text2vec-openai model OpenAI does not offer', () => withVectorizer('PcBad', { 'text2vec-openai': { model: 'text-embedding-4' } }), 'definition.vectorConfig.v.vectorizer.text2vec-openai.model'],
  ['text2vec-openai dimensions the model does not offer', () => withVectorizer('PcBad', { 'text2vec-openai': { dimensions: 700 } }), 'definition.vectorConfig.v.vectorizer.text2vec-openai.dimensions'],
  ['text2vec-openai model version the model does not have', () => withVectorizer('PcBad', { 'text2vec-openai': { model: 'ada', modelVersion: '003' } }), 'definition.vectorConfig.v.vectorizer.text2vec-openai.modelVersion'],
  ['text2vec-openai Azure without a deployment', () => withVectorizer('PcBad', { 'text2vec-openai': { isAzure: true, resourceName: 'res' } }), 'definition.vectorConfig.v.vectorizer.text2vec-openai'],
  ['text2vec-openai Azure API version unknown', () => withVectorizer('PcBad', { 'text2vec-openai': { resourceName: 'res', deploymentId: 'dep', apiVersion: '2020-01-01' } }), 'definition.vectorConfig.v.vectorizer.text2vec-openai.apiVersion'],
  ['text2vec-cohere truncate unknown', () => withVectorizer('PcBad', { 'text2vec-cohere': { truncate: 'MIDDLE' as 'END' } }), 'definition.vectorConfig.v.vectorizer.text2vec-cohere.truncate'],
  ['text2vec-weaviate source properties empty', () => withVectorizer('PcBad', { 'text2vec-weaviate': { properties: [] } }), 'definition.vectorConfig.v.vectorizer.text2vec-weaviate.properties'],
  ['text2vec-ollama model empty', () => withVectorizer('PcBad', { 'text2vec-ollama': { model: '' } }), 'definition.vectorConfig.v.vectorizer.text2vec-ollama.model'],
  ['generative-openai temperature above 1', () => withModules('PcBad', { 'generative-openai': { temperature: 1.5 } }), 'definition.moduleConfig.generative-openai.temperature'],
  ['generative-openai maxTokens above the model limit', () => withModules('PcBad', { 'generative-openai': { model: 'gpt-4', maxTokens: 9000 } }), 'definition.moduleConfig.generative-openai.maxTokens'],
  ['generative-openai frequencyPenalty above 1', () => withModules('PcBad', { 'generative-openai': { frequencyPenalty: 2 } }), 'definition.moduleConfig.generative-openai.frequencyPenalty'],
  ['generative-openai presencePenalty below 0', () => withModules('PcBad', { 'generative-openai': { presencePenalty: -0.5 } }), 'definition.moduleConfig.generative-openai.presencePenalty'],
  ['generative-openai topP above 5', () => withModules('PcBad', { 'generative-openai': { topP: 6 } }), 'definition.moduleConfig.generative-openai.topP'],
  ['generative-openai reasoningEffort unknown', () => withModules('PcBad', { 'generative-openai': { reasoningEffort: 'extreme' as 'high' } }), 'definition.moduleConfig.generative-openai.reasoningEffort'],
  ['generative-openai verbosity unknown', () => withModules('PcBad', { 'generative-openai': { verbosity: 'loud' as 'high' } }), 'definition.moduleConfig.generative-openai.verbosity'],
  ['generative-openai API version unknown', () => withModules('PcBad', { 'generative-openai': { apiVersion: '2020-01-01' } }), 'definition.moduleConfig.generative-openai.apiVersion'],
  ['generative-openai fractional temperature (the server reads a class-level number as an integer)', () => withModules('PcBad', { 'generative-openai': { temperature: 0.5 } }), 'definition.moduleConfig.generative-openai.temperature'],
  ['generative-openai fractional topP', () => withModules('PcBad', { 'generative-openai': { topP: 0.9 } }), 'definition.moduleConfig.generative-openai.topP'],  ['text2vec-google on Vertex AI without a projectId', () => withVectorizer('PcBad', { 'text2vec-google': { model: 'text-embedding-005' } }), 'definition.vectorConfig.v.vectorizer.text2vec-google.projectId'],
  ['text2vec-google taskType unknown', () => withVectorizer('PcBad', { 'text2vec-google': { projectId: 'p', taskType: 'SEARCH' as 'CLUSTERING' } }), 'definition.vectorConfig.v.vectorizer.text2vec-google.taskType'],
  ['multi2vec-google dimensions the model does not offer', () => withVectorizer('PcBad', { 'multi2vec-google': { projectId: 'p', textFields: ['title'], dimensions: 1000 } }), 'definition.vectorConfig.v.vectorizer.multi2vec-google.dimensions'],
  ['multi2vec-google videoIntervalSeconds the model does not offer', () => withVectorizer('PcBad', { 'multi2vec-google': { textFields: ['title'], videoIntervalSeconds: 10 } }), 'definition.vectorConfig.v.vectorizer.multi2vec-google.videoIntervalSeconds'],
  ['multi2vec-google videoFields with dimensions other than 1408', () => withVectorizer('PcBad', { 'multi2vec-google': { videoFields: ['title'], dimensions: 512 } }), 'definition.vectorConfig.v.vectorizer.multi2vec-google.dimensions'],
  ['multi2vec-google textFields empty', () => withVectorizer('PcBad', { 'multi2vec-google': { textFields: [] } }), 'definition.vectorConfig.v.vectorizer.multi2vec-google.textFields'],
  ['multi2vec-google a weight short', () => withVectorizer('PcBad', { 'multi2vec-google': { textFields: ['title', 'body'], weights: { textFields: [1] } } }), 'definition.vectorConfig.v.vectorizer.multi2vec-google.weights.textFields'],
  ['multi2vec-google an empty apiEndpoint without location', () => withVectorizer('PcBad', { 'multi2vec-google': { apiEndpoint: '', projectId: 'p', textFields: ['title'] } }), 'definition.vectorConfig.v.vectorizer.multi2vec-google.location'],
  ['generative-google Vertex AI endpoint without a projectId', () => withModules('PcBad', { 'generative-google': { apiEndpoint: 'us-central1-aiplatform.googleapis.com' } }), 'definition.moduleConfig.generative-google.projectId'],
  ['generative-google temperature above 1', () => withModules('PcBad', { 'generative-google': { temperature: 2 } }), 'definition.moduleConfig.generative-google.temperature'],
  ['generative-google tokenLimit above the model limit', () => withModules('PcBad', { 'generative-google': { model: 'gemini-1.0-pro', tokenLimit: 4096 } }), 'definition.moduleConfig.generative-google.tokenLimit'],
  ['generative-google topK below 1', () => withModules('PcBad', { 'generative-google': { topK: 0 } }), 'definition.moduleConfig.generative-google.topK'],
  ['generative-google fractional topP (read as an integer at the class)', () => withModules('PcBad', { 'generative-google': { topP: 0.5 } }), 'definition.moduleConfig.generative-google.topP'],
  ['text2vec-aws without a region', () => withVectorizer('PcBad', { 'text2vec-aws': { model: 'amazon.titan-embed-text-v2:0' } }), 'definition.vectorConfig.v.vectorizer.text2vec-aws.region'],
  ['text2vec-aws on Bedrock without a model', () => withVectorizer('PcBad', { 'text2vec-aws': { region: 'us-east-1' } }), 'definition.vectorConfig.v.vectorizer.text2vec-aws.model'],
  ['text2vec-aws on Bedrock with an endpoint', () => withVectorizer('PcBad', { 'text2vec-aws': { region: 'us-east-1', model: 'm', endpoint: 'e' } }), 'definition.vectorConfig.v.vectorizer.text2vec-aws.endpoint'],
  ['text2vec-aws on SageMaker without an endpoint', () => withVectorizer('PcBad', { 'text2vec-aws': { service: 'sagemaker', region: 'us-east-1' } }), 'definition.vectorConfig.v.vectorizer.text2vec-aws.endpoint'],
  ['text2vec-aws on SageMaker with a model', () => withVectorizer('PcBad', { 'text2vec-aws': { service: 'sagemaker', region: 'us-east-1', endpoint: 'e', model: 'm' } }), 'definition.vectorConfig.v.vectorizer.text2vec-aws.model'],
  ['text2vec-aws service unknown', () => withVectorizer('PcBad', { 'text2vec-aws': { service: 'lambda' as 'bedrock', region: 'us-east-1', model: 'm' } }), 'definition.vectorConfig.v.vectorizer.text2vec-aws.service'],
  ['generative-aws on Bedrock without a model', () => withModules('PcBad', { 'generative-aws': { region: 'us-east-1' } }), 'definition.moduleConfig.generative-aws.model'],
  ['generative-aws maxTokens above 8192', () => withModules('PcBad', { 'generative-aws': { model: 'amazon.titan-text-express-v1', maxTokens: 9000 } }), 'definition.moduleConfig.generative-aws.maxTokens'],
  ['generative-aws maxTokenCount below 1 (the older name for a Titan model)', () => withModules('PcBad', { 'generative-aws': { model: 'amazon.titan-text-express-v1', maxTokenCount: 0 } }), 'definition.moduleConfig.generative-aws.maxTokenCount'],
  ['generative-aws temperature above 1', () => withModules('PcBad', { 'generative-aws': { model: 'amazon.titan-text-express-v1', temperature: 2 } }), 'definition.moduleConfig.generative-aws.temperature'],
  ['generative-aws topP above 1', () => withModules('PcBad', { 'generative-aws': { model: 'cohere.command-r-v1:0', topP: 3 } }), 'definition.moduleConfig.generative-aws.topP'],
  ['text2vec-mistral source properties empty', () => withVectorizer('PcBad', { 'text2vec-mistral': { properties: [] } }), 'definition.vectorConfig.v.vectorizer.text2vec-mistral.properties'],
  ['text2vec-voyageai source properties empty', () => withVectorizer('PcBad', { 'text2vec-voyageai': { properties: [] } }), 'definition.vectorConfig.v.vectorizer.text2vec-voyageai.properties'],
  ['text2vec-jinaai source properties empty', () => withVectorizer('PcBad', { 'text2vec-jinaai': { properties: [] } }), 'definition.vectorConfig.v.vectorizer.text2vec-jinaai.properties'],
  ['text2vec-nvidia truncate unknown', () => withVectorizer('PcBad', { 'text2vec-nvidia': { truncate: 'LEFT' as 'END' } }), 'definition.vectorConfig.v.vectorizer.text2vec-nvidia.truncate'],
  ['text2vec-huggingface model and passageModel both', () => withVectorizer('PcBad', { 'text2vec-huggingface': { model: 'a/b', passageModel: 'c/d' } }), 'definition.vectorConfig.v.vectorizer.text2vec-huggingface.passageModel'],
  ['text2vec-databricks without an endpoint', () => withVectorizer('PcBad', { 'text2vec-databricks': { instruction: 'x' } }), 'definition.vectorConfig.v.vectorizer.text2vec-databricks.endpoint'],
  ['generative-databricks temperature above 1', () => withModules('PcBad', { 'generative-databricks': { temperature: 2 } }), 'definition.moduleConfig.generative-databricks.temperature'],
  ['generative-databricks topP above 5', () => withModules('PcBad', { 'generative-databricks': { topP: 6 } }), 'definition.moduleConfig.generative-databricks.topP'],
  ['generative-databricks maxTokens 0', () => withModules('PcBad', { 'generative-databricks': { maxTokens: 0 } }), 'definition.moduleConfig.generative-databricks.maxTokens'],
  ['generative-databricks topK 0', () => withModules('PcBad', { 'generative-databricks': { topK: 0 } }), 'definition.moduleConfig.generative-databricks.topK'],
  ['generative-databricks fractional temperature', () => withModules('PcBad', { 'generative-databricks': { temperature: 0.5 } }), 'definition.moduleConfig.generative-databricks.temperature'],
]

describe('values the server refuses: the client refuses them first', () => {
  it.each(invalid.map(([name, make, path]) => [name, make, path] as const))('%s: the client names the path and sends nothing', async (_name, make, path) => {
    const { error, sent } = await refusedByClient(make())
    expect({ tag: error._tag, argument: 'argument' in error ? error.argument : undefined, sent }).toEqual({ tag: 'ArgumentValueError', argument: path, sent: 0 })
  })

  it.each(invalid.map(([name, make]) => [name, make] as const))('%s: the server refuses the same body', async (_name, make) => {
    expect(await sendRaw(make())).toBe(422)
  })
})

describe('names of settings', () => {
  it('a misspelt setting of a typed module names its path and the settings the module reads, with nothing sent', async () => {
    const { error, sent } = await refusedByClient(withModules('PcTypo', { 'generative-openai': { modle: 'gpt-4o' } as ModuleConfig['generative-openai'] & object }))
    expect({ tag: error._tag, argument: 'argument' in error ? error.argument : undefined, sent }).toEqual({ tag: 'ArgumentValueError', argument: 'definition.moduleConfig.generative-openai.modle', sent: 0 })
    expect(error.message).toContain('model, temperature, maxTokens')
  })

  it('a misspelt setting of a typed vectorizer in a named vector is refused by path', async () => {
    const { error, sent } = await refusedByClient(withVectorizer('PcTypo', { 'text2vec-cohere': { truncation: 'END' } as ModuleConfig['text2vec-cohere'] & object }))
    expect({ tag: error._tag, argument: 'argument' in error ? error.argument : undefined, sent }).toEqual({ tag: 'ArgumentValueError', argument: 'definition.vectorConfig.v.vectorizer.text2vec-cohere.truncation', sent: 0 })
  })

  it('a module the client does not type takes any setting: the request is sent and the server answers', async () => {
    const own = recordingClient({ url: server.url, ...(server.apiKey === undefined ? {} : { apiKey: server.apiKey }) })
    try {
      const error = await left(own.client.schema.createClass(withModules('PcOpen', { 'generative-friendliai': { model: 'meta-llama-3.1-8b-instruct', anySetting: 1 } })))
      expect({ tag: error._tag, sent: own.requests.length > 0 }).toEqual({ tag: 'UnexpectedStatusError', sent: true })
    } finally {
      await own.close()
    }
  })
})
