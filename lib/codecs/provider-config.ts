/**
 * The settings of the provider modules people use (OpenAI, Cohere, Weaviate Embeddings, Anthropic,
 * Ollama, Google, AWS, Mistral, VoyageAI, Jina AI, NVIDIA, Hugging Face, Databricks, xAI), as each module reads them from a class's `moduleConfig` or a named vector's
 * `vectorizer`. Names, types and defaults follow each module's class settings in the server's
 * source at v1.39.0 (`modules/<name>/ent/class_settings.go` or `vectorizer/class_settings.go` for
 * the vectorizers, `modules/<name>/config/class_settings.go` for the generative and reranker modules). The schema
 * operations refuse a setting a known module does not read before any request; a module not named
 * here keeps an open record.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'
import { literals as oneOf } from './literals'

const strings = t.readonlyArray(t.string)


/** What every text vectorizer reads (usecases/modulecomponents/settings/base_class_settings.go). */
const vectorizerBase = {
  vectorizeClassName: t.boolean,
  properties: strings,
}

/**
 * `text2vec-openai` (also Azure OpenAI and any OpenAI-compatible endpoint through `baseURL`).
 * Defaults: `model` `text-embedding-3-small`, `type` `text`, `baseURL` `https://api.openai.com`,
 * `vectorizeClassName` true, `dimensions` 1536 (3-small) or 3072 (3-large). Against OpenAI itself
 * the model is one of `text-embedding-3-small`, `text-embedding-3-large`, `ada`, `babbage`,
 * `curie`, `davinci`, and `dimensions` one the model offers (3-small: 512, 1536; 3-large: 256,
 * 1024, 3072). Azure takes `resourceName` and `deploymentId` together, with an `apiVersion`.
 *
 * @example
 * ```ts
 * const openai: Text2VecOpenAIConfig = { model: 'text-embedding-3-large', dimensions: 1024, vectorizeClassName: false }
 * ```
 */
export type Text2VecOpenAIConfig = {
  readonly model?: string
  readonly type?: 'text' | 'code'
  readonly modelVersion?: string
  readonly dimensions?: number
  readonly baseURL?: string
  readonly endpoint?: string
  readonly resourceName?: string
  readonly deploymentId?: string
  readonly apiVersion?: string
  readonly isAzure?: boolean
  readonly vectorizeClassName?: boolean
  readonly properties?: readonly string[]
}

/** The codec of {@link Text2VecOpenAIConfig}. */
export const Text2VecOpenAIConfigCodec: t.Type<Text2VecOpenAIConfig, Text2VecOpenAIConfig, unknown> = t.partial(
  {
    model: t.string,
    type: oneOf(['text', 'code']),
    modelVersion: t.string,
    dimensions: t.number,
    baseURL: t.string,
    endpoint: t.string,
    resourceName: t.string,
    deploymentId: t.string,
    apiVersion: t.string,
    isAzure: t.boolean,
    ...vectorizerBase,
  },
  'Text2VecOpenAIConfig',
)

/**
 * `text2vec-cohere`. Defaults: `model` `embed-multilingual-v3.0`, `truncate` `END`, `baseURL`
 * `https://api.cohere.ai`, `vectorizeClassName` true. The server stores its default base URL under
 * `baseUrl` and reads `baseURL`; both are accepted so a definition read back writes back.
 *
 * @example
 * ```ts
 * const cohere: Text2VecCohereConfig = { model: 'embed-english-v3.0', truncate: 'NONE' }
 * ```
 */
export type Text2VecCohereConfig = {
  readonly model?: string
  readonly truncate?: 'NONE' | 'START' | 'END' | 'LEFT' | 'RIGHT'
  readonly dimensions?: number
  readonly baseURL?: string
  readonly baseUrl?: string
  readonly vectorizeClassName?: boolean
  readonly properties?: readonly string[]
}

/** The codec of {@link Text2VecCohereConfig}. */
export const Text2VecCohereConfigCodec: t.Type<Text2VecCohereConfig, Text2VecCohereConfig, unknown> = t.partial(
  {
    model: t.string,
    truncate: oneOf(['NONE', 'START', 'END', 'LEFT', 'RIGHT']),
    dimensions: t.number,
    baseURL: t.string,
    baseUrl: t.string,
    ...vectorizerBase,
  },
  'Text2VecCohereConfig',
)

/**
 * `text2vec-weaviate` (Weaviate Embeddings). Defaults: `model`
 * `Snowflake/snowflake-arctic-embed-l-v2.0`, `baseURL` empty (the cluster's own), `vectorizeClassName` true.
 *
 * @example
 * ```ts
 * const embeddings: Text2VecWeaviateConfig = { model: 'Snowflake/snowflake-arctic-embed-m-v1.5', dimensions: 256 }
 * ```
 */
export type Text2VecWeaviateConfig = {
  readonly model?: string
  readonly dimensions?: number
  readonly baseURL?: string
  readonly vectorizeClassName?: boolean
  readonly properties?: readonly string[]
}

/** The codec of {@link Text2VecWeaviateConfig}. */
export const Text2VecWeaviateConfigCodec: t.Type<Text2VecWeaviateConfig, Text2VecWeaviateConfig, unknown> = t.partial(
  { model: t.string, dimensions: t.number, baseURL: t.string, ...vectorizerBase },
  'Text2VecWeaviateConfig',
)

/**
 * `text2vec-ollama`. Defaults: `apiEndpoint` `http://localhost:11434`, `model` `nomic-embed-text`,
 * `vectorizeClassName` false; neither may be empty.
 *
 * @example
 * ```ts
 * const ollama: Text2VecOllamaConfig = { apiEndpoint: 'http://ollama:11434', model: 'nomic-embed-text' }
 * ```
 */
export type Text2VecOllamaConfig = {
  readonly apiEndpoint?: string
  readonly model?: string
  readonly vectorizeClassName?: boolean
  readonly properties?: readonly string[]
}

/** The codec of {@link Text2VecOllamaConfig}. */
export const Text2VecOllamaConfigCodec: t.Type<Text2VecOllamaConfig, Text2VecOllamaConfig, unknown> = t.partial(
  { apiEndpoint: t.string, model: t.string, ...vectorizerBase },
  'Text2VecOllamaConfig',
)

/**
 * `generative-openai` (also Azure OpenAI). Defaults: `model` `gpt-5-mini`, `baseURL`
 * `https://api.openai.com`, `apiVersion` `2024-06-01`, `frequencyPenalty` and `presencePenalty` 0,
 * `topP` 1. Ranges: `temperature`, `frequencyPenalty`, `presencePenalty` 0 to 1, `topP` 0 to 5,
 * `maxTokens` from 0 up to the model's limit where the server knows it (e.g. `gpt-4` 8192);
 * `reasoningEffort` and `verbosity` as typed. Weaviate 1.39 reads these numbers as integers when it
 * validates a class, so a fractional one (`temperature: 0.5`) is refused there: give fractional
 * values on the generative query instead.
 *
 * @example
 * ```ts
 * const generative: GenerativeOpenAIConfig = { model: 'gpt-4o', temperature: 0, maxTokens: 500 }
 * ```
 */
export type GenerativeOpenAIConfig = {
  readonly model?: string
  readonly temperature?: number
  readonly maxTokens?: number
  readonly frequencyPenalty?: number
  readonly presencePenalty?: number
  readonly topP?: number
  readonly baseURL?: string
  readonly apiVersion?: string
  readonly resourceName?: string
  readonly deploymentId?: string
  readonly isAzure?: boolean
  readonly reasoningEffort?: 'minimal' | 'low' | 'medium' | 'high'
  readonly verbosity?: 'low' | 'medium' | 'high'
}

/** The codec of {@link GenerativeOpenAIConfig}. */
export const GenerativeOpenAIConfigCodec: t.Type<GenerativeOpenAIConfig, GenerativeOpenAIConfig, unknown> = t.partial(
  {
    model: t.string,
    temperature: t.number,
    maxTokens: t.number,
    frequencyPenalty: t.number,
    presencePenalty: t.number,
    topP: t.number,
    baseURL: t.string,
    apiVersion: t.string,
    resourceName: t.string,
    deploymentId: t.string,
    isAzure: t.boolean,
    reasoningEffort: oneOf(['minimal', 'low', 'medium', 'high']),
    verbosity: oneOf(['low', 'medium', 'high']),
  },
  'GenerativeOpenAIConfig',
)

/**
 * `generative-anthropic`. Defaults: `model` `claude-haiku-4-5`, `baseURL`
 * `https://api.anthropic.com`, `maxTokens` 4096.
 *
 * @example
 * ```ts
 * const claude: GenerativeAnthropicConfig = { model: 'claude-sonnet-4-5', maxTokens: 1024, stopSequences: ['\n\n'] }
 * ```
 */
export type GenerativeAnthropicConfig = {
  readonly model?: string
  readonly baseURL?: string
  readonly maxTokens?: number
  readonly stopSequences?: readonly string[]
  readonly temperature?: number
  readonly topK?: number
  readonly topP?: number
}

/** The codec of {@link GenerativeAnthropicConfig}. */
export const GenerativeAnthropicConfigCodec: t.Type<GenerativeAnthropicConfig, GenerativeAnthropicConfig, unknown> = t.partial(
  { model: t.string, baseURL: t.string, maxTokens: t.number, stopSequences: strings, temperature: t.number, topK: t.number, topP: t.number },
  'GenerativeAnthropicConfig',
)

/**
 * `generative-cohere`. Defaults: `model` `command-a-03-2025`, `baseURL` `https://api.cohere.ai`,
 * `temperature` 0, `maxTokens` 2048, `k` 0, `stopSequences` none.
 *
 * @example
 * ```ts
 * const command: GenerativeCohereConfig = { model: 'command-r-plus', k: 5, maxTokens: 1024 }
 * ```
 */
export type GenerativeCohereConfig = {
  readonly model?: string
  readonly baseURL?: string
  readonly temperature?: number
  readonly maxTokens?: number
  readonly k?: number
  readonly stopSequences?: readonly string[]
}

/** The codec of {@link GenerativeCohereConfig}. */
export const GenerativeCohereConfigCodec: t.Type<GenerativeCohereConfig, GenerativeCohereConfig, unknown> = t.partial(
  { model: t.string, baseURL: t.string, temperature: t.number, maxTokens: t.number, k: t.number, stopSequences: strings },
  'GenerativeCohereConfig',
)

/**
 * `generative-ollama`. Defaults: `apiEndpoint` `http://localhost:11434`, `model` `llama3`; neither
 * may be empty.
 *
 * @example
 * ```ts
 * const llama: GenerativeOllamaConfig = { apiEndpoint: 'http://ollama:11434', model: 'llama3.2' }
 * ```
 */
export type GenerativeOllamaConfig = {
  readonly apiEndpoint?: string
  readonly model?: string
}

/** The codec of {@link GenerativeOllamaConfig}. */
export const GenerativeOllamaConfigCodec: t.Type<GenerativeOllamaConfig, GenerativeOllamaConfig, unknown> = t.partial(
  { apiEndpoint: t.string, model: t.string },
  'GenerativeOllamaConfig',
)

/**
 * `reranker-cohere`. Defaults: `model` `rerank-v3.5`, `baseURL` `https://api.cohere.ai`.
 *
 * @example
 * ```ts
 * const rerank: RerankerCohereConfig = { model: 'rerank-english-v3.0' }
 * ```
 */
export type RerankerCohereConfig = {
  readonly model?: string
  readonly baseURL?: string
}

/** The codec of {@link RerankerCohereConfig}. */
export const RerankerCohereConfigCodec: t.Type<RerankerCohereConfig, RerankerCohereConfig, unknown> = t.partial(
  { model: t.string, baseURL: t.string },
  'RerankerCohereConfig',
)

/**
 * `text2vec-google` (Vertex AI, or Google AI Studio with `apiEndpoint`
 * `generativelanguage.googleapis.com`). Defaults: `apiEndpoint`
 * `us-central1-aiplatform.googleapis.com`, `model` `gemini-embedding-001` (768 dimensions),
 * `location` `us-central1`, `taskType` `RETRIEVAL_QUERY`, `vectorizeClassName` false. Vertex AI
 * (any other endpoint) needs a `projectId`; `modelId` is the older name of `model`.
 *
 * @example
 * ```ts
 * const vertex: Text2VecGoogleConfig = { projectId: 'my-project', model: 'text-embedding-005', taskType: 'SEMANTIC_SIMILARITY' }
 * ```
 */
export type Text2VecGoogleConfig = {
  readonly apiEndpoint?: string
  readonly projectId?: string
  readonly model?: string
  readonly modelId?: string
  readonly titleProperty?: string
  readonly location?: string
  readonly dimensions?: number
  readonly taskType?: GoogleTaskType
  readonly vectorizeClassName?: boolean
  readonly properties?: readonly string[]
}

/** The task types of `text2vec-google` (vectorizer/class_settings.go availableTaskTypes). */
const GOOGLE_TASK_TYPES = [
  'RETRIEVAL_QUERY',
  'QUESTION_ANSWERING',
  'FACT_VERIFICATION',
  'CODE_RETRIEVAL_QUERY',
  'CLASSIFICATION',
  'CLUSTERING',
  'SEMANTIC_SIMILARITY',
] as const

/**
 * A `taskType` of {@link Text2VecGoogleConfig}.
 *
 * @example
 * ```ts
 * const task: GoogleTaskType = 'CLUSTERING'
 * ```
 */
export type GoogleTaskType = (typeof GOOGLE_TASK_TYPES)[number]

/** The codec of {@link Text2VecGoogleConfig}. */
export const Text2VecGoogleConfigCodec: t.Type<Text2VecGoogleConfig, Text2VecGoogleConfig, unknown> = t.partial(
  {
    apiEndpoint: t.string,
    projectId: t.string,
    model: t.string,
    modelId: t.string,
    titleProperty: t.string,
    location: t.string,
    dimensions: t.number,
    taskType: oneOf(GOOGLE_TASK_TYPES),
    ...vectorizerBase,
  },
  'Text2VecGoogleConfig',
)

/** The per-field weights of a multimodal vectorizer, one list per kind of field. */
const multiModalWeights = t.partial({
  textFields: t.readonlyArray(t.number),
  imageFields: t.readonlyArray(t.number),
  videoFields: t.readonlyArray(t.number),
  audioFields: t.readonlyArray(t.number),
})

/**
 * `multi2vec-google`: text, image, video and audio properties into one vector space. Defaults:
 * `apiEndpoint` `us-central1-aiplatform.googleapis.com`, `model` `multimodalembedding@001`, with
 * `dimensions` 1408 (one of 128, 256, 512, 1408; video fields need 1408) and `videoIntervalSeconds`
 * 120 (one of 4, 8, 15, 120). An empty `apiEndpoint` needs `location` and `projectId`. Each
 * `*Fields` list names at least one property, and `weights` has one number per field.
 *
 * @example
 * ```ts
 * const media: Multi2VecGoogleConfig = { projectId: 'p', location: 'us-central1', imageFields: ['poster'], textFields: ['title'] }
 * ```
 */
export type Multi2VecGoogleConfig = {
  readonly apiEndpoint?: string
  readonly location?: string
  readonly projectId?: string
  readonly model?: string
  readonly modelId?: string
  readonly dimensions?: number
  readonly videoIntervalSeconds?: number
  readonly textFields?: readonly string[]
  readonly imageFields?: readonly string[]
  readonly videoFields?: readonly string[]
  readonly audioFields?: readonly string[]
  readonly weights?: {
    readonly textFields?: readonly number[]
    readonly imageFields?: readonly number[]
    readonly videoFields?: readonly number[]
    readonly audioFields?: readonly number[]
  }
  readonly vectorizeClassName?: boolean
}

/** The codec of {@link Multi2VecGoogleConfig}. */
export const Multi2VecGoogleConfigCodec: t.Type<Multi2VecGoogleConfig, Multi2VecGoogleConfig, unknown> = t.partial(
  {
    apiEndpoint: t.string,
    location: t.string,
    projectId: t.string,
    model: t.string,
    modelId: t.string,
    dimensions: t.number,
    videoIntervalSeconds: t.number,
    textFields: strings,
    imageFields: strings,
    videoFields: strings,
    audioFields: strings,
    weights: multiModalWeights,
    vectorizeClassName: t.boolean,
  },
  'Multi2VecGoogleConfig',
)

/**
 * `generative-google` (Vertex AI, or Google AI Studio with `apiEndpoint`
 * `generativelanguage.googleapis.com`). Defaults: `apiEndpoint`
 * `us-central1-aiplatform.googleapis.com` with a `projectId`, the AI Studio one without; `modelId`
 * `chat-bison` (AI Studio `chat-bison-001`); `region` and `location` `us-central1`. Vertex AI needs
 * a `projectId`. Ranges: `temperature` and `topP` 0 to 1, `topK` 1 or more, `tokenLimit` 1 to the
 * model's limit (8192 for `gemini-1.5*`, 2048 for `gemini-1.0*` and `gemini-pro*`, 1024 otherwise).
 * Weaviate 1.39 reads these numbers as integers when it validates a class, so a fractional
 * `temperature` or `topP` is refused there: give fractional values on the generative query.
 *
 * @example
 * ```ts
 * const gemini: GenerativeGoogleConfig = { projectId: 'my-project', model: 'gemini-1.5-pro', tokenLimit: 4096, topK: 40 }
 * ```
 */
export type GenerativeGoogleConfig = {
  readonly apiEndpoint?: string
  readonly projectId?: string
  readonly endpointId?: string
  readonly region?: string
  readonly location?: string
  readonly modelId?: string
  readonly model?: string
  readonly temperature?: number
  readonly tokenLimit?: number
  readonly topP?: number
  readonly topK?: number
}

/** The codec of {@link GenerativeGoogleConfig}. */
export const GenerativeGoogleConfigCodec: t.Type<GenerativeGoogleConfig, GenerativeGoogleConfig, unknown> = t.partial(
  {
    apiEndpoint: t.string,
    projectId: t.string,
    endpointId: t.string,
    region: t.string,
    location: t.string,
    modelId: t.string,
    model: t.string,
    temperature: t.number,
    tokenLimit: t.number,
    topP: t.number,
    topK: t.number,
  },
  'GenerativeGoogleConfig',
)

/** The AWS services of the AWS modules. */
const AWS_SERVICES = ['bedrock', 'sagemaker'] as const

/**
 * `text2vec-aws`: Amazon Bedrock (`service` `bedrock`, the default, with a `model`) or a SageMaker
 * endpoint (`service` `sagemaker`, with an `endpoint` and no `model`: `targetModel` and
 * `targetVariant` choose inside it). `region` is required. Defaults: `service` `bedrock`,
 * `vectorizeClassName` false.
 *
 * @example
 * ```ts
 * const titan: Text2VecAWSConfig = { region: 'us-east-1', model: 'amazon.titan-embed-text-v2:0', dimensions: 512 }
 * ```
 */
export type Text2VecAWSConfig = {
  readonly service?: 'bedrock' | 'sagemaker'
  readonly region?: string
  readonly model?: string
  readonly endpoint?: string
  readonly targetModel?: string
  readonly targetVariant?: string
  readonly dimensions?: number
  readonly vectorizeClassName?: boolean
  readonly properties?: readonly string[]
}

/** The codec of {@link Text2VecAWSConfig}. */
export const Text2VecAWSConfigCodec: t.Type<Text2VecAWSConfig, Text2VecAWSConfig, unknown> = t.partial(
  {
    service: oneOf(AWS_SERVICES),
    region: t.string,
    model: t.string,
    endpoint: t.string,
    targetModel: t.string,
    targetVariant: t.string,
    dimensions: t.number,
    ...vectorizerBase,
  },
  'Text2VecAWSConfig',
)

/**
 * `generative-aws`: Amazon Bedrock (`service` `bedrock`, the default, with a `model`) or a
 * SageMaker `endpoint` (no `model`). On Bedrock `maxTokens` is 1 to 8192 and `temperature` and
 * `topP` 0 to 1; each model family has its own defaults (Titan: `maxTokens` 8192, `temperature` 0;
 * Anthropic: 300 tokens, `temperature` 1, `topK` 250, `topP` 0.999; Cohere, AI21, Mistral and Meta
 * models likewise). `maxTokenCount` and `maxTokensToSample` are the older names of `maxTokens`.
 *
 * @example
 * ```ts
 * const bedrock: GenerativeAWSConfig = { region: 'us-east-1', model: 'anthropic.claude-3-haiku-20240307-v1:0', maxTokens: 1000 }
 * ```
 */
export type GenerativeAWSConfig = {
  readonly service?: 'bedrock' | 'sagemaker'
  readonly region?: string
  readonly model?: string
  readonly endpoint?: string
  readonly targetModel?: string
  readonly targetVariant?: string
  readonly maxTokens?: number
  readonly maxTokenCount?: number
  readonly maxTokensToSample?: number
  readonly stopSequences?: readonly string[]
  readonly temperature?: number
  readonly topP?: number
  readonly topK?: number
}

/** The codec of {@link GenerativeAWSConfig}. */
export const GenerativeAWSConfigCodec: t.Type<GenerativeAWSConfig, GenerativeAWSConfig, unknown> = t.partial(
  {
    service: oneOf(AWS_SERVICES),
    region: t.string,
    model: t.string,
    endpoint: t.string,
    targetModel: t.string,
    targetVariant: t.string,
    maxTokens: t.number,
    maxTokenCount: t.number,
    maxTokensToSample: t.number,
    stopSequences: strings,
    temperature: t.number,
    topP: t.number,
    topK: t.number,
  },
  'GenerativeAWSConfig',
)

/**
 * `text2vec-mistral`. Defaults: `model` `mistral-embed`, `baseURL`
 * `https://api.mistral.ai/v1/embeddings`, `vectorizeClassName` true.
 *
 * @example
 * ```ts
 * const mistral: Text2VecMistralConfig = { model: 'mistral-embed', vectorizeClassName: false }
 * ```
 */
export type Text2VecMistralConfig = {
  readonly model?: string
  readonly baseURL?: string
  readonly vectorizeClassName?: boolean
  readonly properties?: readonly string[]
}

/** The codec of {@link Text2VecMistralConfig}. */
export const Text2VecMistralConfigCodec: t.Type<Text2VecMistralConfig, Text2VecMistralConfig, unknown> = t.partial(
  { model: t.string, baseURL: t.string, ...vectorizerBase },
  'Text2VecMistralConfig',
)

/**
 * `generative-mistral`. Defaults: `model` `open-mistral-7b`, `baseURL` `https://api.mistral.ai`,
 * `temperature` 0, `maxTokens` 2048.
 *
 * @example
 * ```ts
 * const mistral: GenerativeMistralConfig = { model: 'mistral-large-latest', maxTokens: 500 }
 * ```
 */
export type GenerativeMistralConfig = {
  readonly model?: string
  readonly baseURL?: string
  readonly temperature?: number
  readonly maxTokens?: number
}

/** The codec of {@link GenerativeMistralConfig}. */
export const GenerativeMistralConfigCodec: t.Type<GenerativeMistralConfig, GenerativeMistralConfig, unknown> = t.partial(
  { model: t.string, baseURL: t.string, temperature: t.number, maxTokens: t.number },
  'GenerativeMistralConfig',
)

/**
 * `text2vec-voyageai`. Defaults: `model` `voyage-3`, `baseURL` `https://api.voyageai.com/v1`,
 * `truncate` true, `vectorizeClassName` true.
 *
 * @example
 * ```ts
 * const voyage: Text2VecVoyageAIConfig = { model: 'voyage-3-large', dimensions: 1024, truncate: false }
 * ```
 */
export type Text2VecVoyageAIConfig = {
  readonly model?: string
  readonly baseURL?: string
  readonly truncate?: boolean
  readonly dimensions?: number
  readonly vectorizeClassName?: boolean
  readonly properties?: readonly string[]
}

/** The codec of {@link Text2VecVoyageAIConfig}. */
export const Text2VecVoyageAIConfigCodec: t.Type<Text2VecVoyageAIConfig, Text2VecVoyageAIConfig, unknown> = t.partial(
  { model: t.string, baseURL: t.string, truncate: t.boolean, dimensions: t.number, ...vectorizerBase },
  'Text2VecVoyageAIConfig',
)

/**
 * `text2vec-jinaai`. Defaults: `model` `jina-embeddings-v4`, `baseURL` `https://api.jina.ai`,
 * `vectorizeClassName` false.
 *
 * @example
 * ```ts
 * const jina: Text2VecJinaAIConfig = { model: 'jina-embeddings-v3', dimensions: 512 }
 * ```
 */
export type Text2VecJinaAIConfig = {
  readonly model?: string
  readonly baseURL?: string
  readonly dimensions?: number
  readonly vectorizeClassName?: boolean
  readonly properties?: readonly string[]
}

/** The codec of {@link Text2VecJinaAIConfig}. */
export const Text2VecJinaAIConfigCodec: t.Type<Text2VecJinaAIConfig, Text2VecJinaAIConfig, unknown> = t.partial(
  { model: t.string, baseURL: t.string, dimensions: t.number, ...vectorizerBase },
  'Text2VecJinaAIConfig',
)

/**
 * `text2vec-nvidia`. Defaults: `model` `nvidia/nv-embed-v1`, `truncate` `NONE`, `baseURL`
 * `https://integrate.api.nvidia.com`, `vectorizeClassName` false. The server stores its default
 * base URL under `baseUrl` and reads `baseURL`; both are accepted.
 *
 * @example
 * ```ts
 * const nvidia: Text2VecNvidiaConfig = { model: 'nvidia/nv-embedqa-e5-v5', truncate: 'END' }
 * ```
 */
export type Text2VecNvidiaConfig = {
  readonly model?: string
  readonly truncate?: 'NONE' | 'START' | 'END'
  readonly baseURL?: string
  readonly baseUrl?: string
  readonly vectorizeClassName?: boolean
  readonly properties?: readonly string[]
}

/** The codec of {@link Text2VecNvidiaConfig}. */
export const Text2VecNvidiaConfigCodec: t.Type<Text2VecNvidiaConfig, Text2VecNvidiaConfig, unknown> = t.partial(
  { model: t.string, truncate: oneOf(['NONE', 'START', 'END']), baseURL: t.string, baseUrl: t.string, ...vectorizerBase },
  'Text2VecNvidiaConfig',
)

/** The request options of `text2vec-huggingface`. */
const huggingFaceOptions = { waitForModel: t.boolean, useGPU: t.boolean, useCache: t.boolean }

/**
 * `text2vec-huggingface`: the Inference API with a `model` (or `passageModel`, not both), or your
 * own `endpointURL`. Defaults: `model` `sentence-transformers/msmarco-bert-base-dot-v5`,
 * `waitForModel` false, `useGPU` false, `useCache` true, `vectorizeClassName` true. The module reads
 * the request options from `options`; the server stores their defaults beside the settings.
 *
 * @example
 * ```ts
 * const hf: Text2VecHuggingFaceConfig = { model: 'sentence-transformers/all-MiniLM-L6-v2', options: { waitForModel: true } }
 * ```
 */
export type Text2VecHuggingFaceConfig = {
  readonly model?: string
  readonly passageModel?: string
  readonly endpointURL?: string
  readonly endpointUrl?: string
  readonly options?: { readonly waitForModel?: boolean; readonly useGPU?: boolean; readonly useCache?: boolean }
  readonly waitForModel?: boolean
  readonly useGPU?: boolean
  readonly useCache?: boolean
  readonly vectorizeClassName?: boolean
  readonly properties?: readonly string[]
}

/** The codec of {@link Text2VecHuggingFaceConfig}. */
export const Text2VecHuggingFaceConfigCodec: t.Type<Text2VecHuggingFaceConfig, Text2VecHuggingFaceConfig, unknown> = t.partial(
  {
    model: t.string,
    passageModel: t.string,
    endpointURL: t.string,
    endpointUrl: t.string,
    options: t.partial(huggingFaceOptions),
    ...huggingFaceOptions,
    ...vectorizerBase,
  },
  'Text2VecHuggingFaceConfig',
)

/**
 * `text2vec-databricks`: a Databricks serving `endpoint` (required), with an optional
 * `instruction`. Defaults: `vectorizeClassName` true.
 *
 * @example
 * ```ts
 * const dbx: Text2VecDatabricksConfig = { endpoint: 'https://my.cloud.databricks.com/serving-endpoints/bge/invocations' }
 * ```
 */
export type Text2VecDatabricksConfig = {
  readonly endpoint?: string
  readonly instruction?: string
  readonly vectorizeClassName?: boolean
  readonly properties?: readonly string[]
}

/** The codec of {@link Text2VecDatabricksConfig}. */
export const Text2VecDatabricksConfigCodec: t.Type<Text2VecDatabricksConfig, Text2VecDatabricksConfig, unknown> = t.partial(
  { endpoint: t.string, instruction: t.string, ...vectorizerBase },
  'Text2VecDatabricksConfig',
)

/**
 * `generative-databricks`: a Databricks serving `endpoint`. Ranges: `temperature` 0 to 1 (default
 * 1), `topP` 0 to 5 (default 1), `maxTokens` and `topK` above 0. Weaviate 1.39 reads these numbers
 * as integers when it validates a class, so a fractional one is refused there: give fractional
 * values on the generative query.
 *
 * @example
 * ```ts
 * const dbx: GenerativeDatabricksConfig = { endpoint: 'https://my.cloud.databricks.com/serving-endpoints/llama/invocations', maxTokens: 500 }
 * ```
 */
export type GenerativeDatabricksConfig = {
  readonly endpoint?: string
  readonly temperature?: number
  readonly maxTokens?: number
  readonly topP?: number
  readonly topK?: number
}

/** The codec of {@link GenerativeDatabricksConfig}. */
export const GenerativeDatabricksConfigCodec: t.Type<GenerativeDatabricksConfig, GenerativeDatabricksConfig, unknown> = t.partial(
  { endpoint: t.string, temperature: t.number, maxTokens: t.number, topP: t.number, topK: t.number },
  'GenerativeDatabricksConfig',
)

/**
 * `generative-nvidia`. Defaults: `model` `nvidia/llama-3.1-nemotron-51b-instruct`, `baseURL`
 * `https://integrate.api.nvidia.com`.
 *
 * @example
 * ```ts
 * const nemotron: GenerativeNvidiaConfig = { model: 'meta/llama-3.3-70b-instruct', maxTokens: 512 }
 * ```
 */
export type GenerativeNvidiaConfig = {
  readonly model?: string
  readonly baseURL?: string
  readonly temperature?: number
  readonly topP?: number
  readonly maxTokens?: number
}

/** What the chat-completion modules of NVIDIA and xAI read: the same settings, each with its own defaults. */
const chatCompletion = { model: t.string, baseURL: t.string, temperature: t.number, topP: t.number, maxTokens: t.number }

/** The codec of {@link GenerativeNvidiaConfig}. */
export const GenerativeNvidiaConfigCodec: t.Type<GenerativeNvidiaConfig, GenerativeNvidiaConfig, unknown> = t.partial(chatCompletion, 'GenerativeNvidiaConfig')

/**
 * `generative-xai`. Defaults: `model` `grok-2-latest`, `baseURL` `https://api.x.ai`.
 *
 * @example
 * ```ts
 * const grok: GenerativeXAIConfig = { model: 'grok-4', maxTokens: 1024 }
 * ```
 */
export type GenerativeXAIConfig = GenerativeNvidiaConfig

/** The codec of {@link GenerativeXAIConfig}. */
export const GenerativeXAIConfigCodec: t.Type<GenerativeXAIConfig, GenerativeXAIConfig, unknown> = t.partial(chatCompletion, 'GenerativeXAIConfig')

/**
 * The vectorizers this client types, under their module names: a named vector's `vectorizer` or a
 * class's `moduleConfig` takes each one's settings as typed.
 *
 * @example
 * ```ts
 * const vectorizer: ProviderVectorizers = { 'text2vec-openai': { model: 'text-embedding-3-small' } }
 * ```
 */
export type ProviderVectorizers = {
  readonly 'text2vec-openai'?: Text2VecOpenAIConfig
  readonly 'text2vec-cohere'?: Text2VecCohereConfig
  readonly 'text2vec-weaviate'?: Text2VecWeaviateConfig
  readonly 'text2vec-ollama'?: Text2VecOllamaConfig
  readonly 'text2vec-google'?: Text2VecGoogleConfig
  readonly 'multi2vec-google'?: Multi2VecGoogleConfig
  readonly 'text2vec-aws'?: Text2VecAWSConfig
  readonly 'text2vec-mistral'?: Text2VecMistralConfig
  readonly 'text2vec-voyageai'?: Text2VecVoyageAIConfig
  readonly 'text2vec-jinaai'?: Text2VecJinaAIConfig
  readonly 'text2vec-nvidia'?: Text2VecNvidiaConfig
  readonly 'text2vec-huggingface'?: Text2VecHuggingFaceConfig
  readonly 'text2vec-databricks'?: Text2VecDatabricksConfig
}

/**
 * Every provider module this client types (the vectorizers, generative and reranker modules),
 * under its module name.
 *
 * @example
 * ```ts
 * const modules: ProviderModules = { 'generative-anthropic': { maxTokens: 1024 }, 'reranker-cohere': {} }
 * ```
 */
export type ProviderModules = ProviderVectorizers & {
  readonly 'generative-openai'?: GenerativeOpenAIConfig
  readonly 'generative-anthropic'?: GenerativeAnthropicConfig
  readonly 'generative-cohere'?: GenerativeCohereConfig
  readonly 'generative-ollama'?: GenerativeOllamaConfig
  readonly 'generative-google'?: GenerativeGoogleConfig
  readonly 'generative-aws'?: GenerativeAWSConfig
  readonly 'generative-mistral'?: GenerativeMistralConfig
  readonly 'generative-databricks'?: GenerativeDatabricksConfig
  readonly 'generative-nvidia'?: GenerativeNvidiaConfig
  readonly 'generative-xai'?: GenerativeXAIConfig
  readonly 'reranker-cohere'?: RerankerCohereConfig
}

/** The codec of each typed provider module's settings, under its module name. */
export const PROVIDER_CODECS: { readonly [M in keyof Required<ProviderModules>]: t.Type<Required<ProviderModules>[M], Required<ProviderModules>[M], unknown> } = {
  'text2vec-openai': Text2VecOpenAIConfigCodec,
  'text2vec-cohere': Text2VecCohereConfigCodec,
  'text2vec-weaviate': Text2VecWeaviateConfigCodec,
  'text2vec-ollama': Text2VecOllamaConfigCodec,
  'text2vec-google': Text2VecGoogleConfigCodec,
  'multi2vec-google': Multi2VecGoogleConfigCodec,
  'text2vec-aws': Text2VecAWSConfigCodec,
  'text2vec-mistral': Text2VecMistralConfigCodec,
  'text2vec-voyageai': Text2VecVoyageAIConfigCodec,
  'text2vec-jinaai': Text2VecJinaAIConfigCodec,
  'text2vec-nvidia': Text2VecNvidiaConfigCodec,
  'text2vec-huggingface': Text2VecHuggingFaceConfigCodec,
  'text2vec-databricks': Text2VecDatabricksConfigCodec,
  'generative-openai': GenerativeOpenAIConfigCodec,
  'generative-anthropic': GenerativeAnthropicConfigCodec,
  'generative-cohere': GenerativeCohereConfigCodec,
  'generative-ollama': GenerativeOllamaConfigCodec,
  'generative-google': GenerativeGoogleConfigCodec,
  'generative-aws': GenerativeAWSConfigCodec,
  'generative-mistral': GenerativeMistralConfigCodec,
  'generative-databricks': GenerativeDatabricksConfigCodec,
  'generative-nvidia': GenerativeNvidiaConfigCodec,
  'generative-xai': GenerativeXAIConfigCodec,
  'reranker-cohere': RerankerCohereConfigCodec,
}

/**
 * A module name of {@link ProviderModules}: a provider module whose settings this client types.
 *
 * @example
 * ```ts
 * const name: ProviderModuleName = 'generative-anthropic'
 * ```
 */
export type ProviderModuleName = keyof typeof PROVIDER_CODECS

/**
 * Whether `name` is a provider module this client types.
 *
 * @example
 * ```ts
 * isProviderModule('text2vec-openai') // true
 * isProviderModule('text2vec-palm')   // false: an open record
 * ```
 */
export const isProviderModule = (name: string): name is ProviderModuleName => Object.prototype.hasOwnProperty.call(PROVIDER_CODECS, name)
