/**
 * The value rules of the typed provider modules (lib/codecs/provider-config.ts), each read from the
 * module's `Validate` at v1.39.0 and cited there, so a class the server would refuse at creation is
 * refused before any request. Names and types are checked by the codecs first; these rules see a
 * decoded value.
 *
 * @packageDocumentation
 */
import { PROVIDER_CODECS, ProviderModuleName, ProviderModules } from '../codecs/provider-config'
import type * as t from 'io-ts'
import { valueError } from '../input/check'

const within = (at: string, value: number | undefined, min: number, max: number): void => {
  if (value !== undefined && !(value >= min && value <= max)) valueError(at, `'${at}' must be from ${min} to ${max}, got ${value}`)
}

const wholeNumber = (at: string, value: number | undefined): void => {
  if (value !== undefined && !Number.isInteger(value)) valueError(at, `'${at}' must be an integer, got ${value}`)
}

const oneOf = (at: string, value: string, allowed: readonly string[], what: string): void => {
  if (!allowed.includes(value)) valueError(at, `'${at}' must be ${what}: one of ${allowed.join(', ')}; got ${JSON.stringify(value)}`)
}

const notEmpty = (at: string, value: string | undefined): void => {
  if (value === '') valueError(at, `'${at}' must not be empty`)
}

/** base_class_settings.go ValidateClassSettings: "properties field needs to have at least 1 property defined". */
const sourceProperties = (at: string, properties: readonly string[] | undefined): void => {
  if (properties !== undefined && properties.length === 0) valueError(`${at}.properties`, `'${at}.properties' must name at least one property`)
}

/** Azure: resourceName and deploymentId together ("both resourceName and deploymentId must be provided"). */
const azurePair = (at: string, resourceName: string | undefined, deploymentId: string | undefined): void => {
  if ((resourceName ?? '') === '' !== ((deploymentId ?? '') === '')) {
    valueError(at, `'${at}' needs both 'resourceName' and 'deploymentId' for Azure OpenAI, or neither`)
  }
}

const isAzure = (c: { readonly isAzure?: boolean; readonly resourceName?: string; readonly deploymentId?: string }): boolean =>
  c.isAzure === true || ((c.resourceName ?? '') !== '' && (c.deploymentId ?? '') !== '')

/** The Azure API versions of text2vec-openai (ent/class_settings.go availableApiVersions). */
const EMBEDDING_API_VERSIONS = [
  '2022-12-01',
  '2023-03-15-preview',
  '2023-05-15',
  '2023-06-01-preview',
  '2023-07-01-preview',
  '2023-08-01-preview',
  '2023-09-01-preview',
  '2023-12-01-preview',
  '2024-02-15-preview',
  '2024-03-01-preview',
  '2024-02-01',
] as const

/** generative-openai takes one more (config/class_settings.go availableApiVersions). */
const GENERATIVE_API_VERSIONS = [...EMBEDDING_API_VERSIONS, '2024-06-01'] as const

const V3_DIMENSIONS: Readonly<Record<string, readonly number[]>> = {
  'text-embedding-3-small': [512, 1536],
  'text-embedding-3-large': [256, 1024, 3072],
}

const OPENAI_EMBEDDING_MODELS = ['ada', 'babbage', 'curie', 'davinci', 'text-embedding-3-small', 'text-embedding-3-large'] as const

/** modules/text2vec-openai/ent/class_settings.go Validate and validateModelVersion. */
const text2vecOpenAI = (at: string, c: NonNullable<ProviderModules['text2vec-openai']>): void => {
  sourceProperties(at, c.properties)
  const azure = isAzure(c)
  const thirdParty = !((c.baseURL ?? 'https://api.openai.com').includes('api.openai.com') || azure)
  const model = c.model ?? 'text-embedding-3-small'
  const type = c.type ?? 'text'
  if (!thirdParty) oneOf(`${at}.model`, model, OPENAI_EMBEDDING_MODELS, 'an OpenAI embedding model')
  const v3 = V3_DIMENSIONS[model]
  const version = c.modelVersion ?? (v3 !== undefined ? '' : model === 'ada' && type === 'text' ? '002' : '001')
  if (v3 === undefined && version !== '001') {
    if ((version === '002' && model !== 'ada' && model !== 'davinci') || (version === '003' && model !== 'davinci') || (version !== '002' && version !== '003')) {
      valueError(`${at}.modelVersion`, `'${at}.modelVersion' ${JSON.stringify(version)} is not offered for the model ${JSON.stringify(model)}`)
    }
    if (type !== 'text') valueError(`${at}.type`, `'${at}.type' must be 'text' with the model version ${version}`)
  }
  wholeNumber(`${at}.dimensions`, c.dimensions)
  if (!thirdParty && version === '' && c.dimensions !== undefined) {
    if (v3 === undefined) valueError(`${at}.dimensions`, `'${at}.dimensions' needs a text-embedding-3 model, got ${JSON.stringify(model)}`)
    else if (!v3.includes(c.dimensions)) valueError(`${at}.dimensions`, `'${at}.dimensions' for ${model} must be one of ${v3.join(', ')}, got ${c.dimensions}`)
  }
  if (azure) {
    azurePair(at, c.resourceName, c.deploymentId)
    oneOf(`${at}.apiVersion`, c.apiVersion ?? '2024-02-01', EMBEDDING_API_VERSIONS, 'an Azure OpenAI API version')
  }
}

/** The output token limits generative-openai knows (config/class_settings.go defaultMaxTokens). */
const OPENAI_MAX_TOKENS: Readonly<Record<string, number>> = {
  'text-davinci-002': 4097,
  'text-davinci-003': 4097,
  'gpt-3.5-turbo': 4096,
  'gpt-3.5-turbo-16k': 16384,
  'gpt-3.5-turbo-1106': 16385,
  'gpt-4': 8192,
  'gpt-4-32k': 32768,
  'gpt-4-1106-preview': 128000,
  'gpt-4o': 128000,
  'gpt-4o-mini': 16384,
  'gpt-5': 128000,
  'gpt-5-mini': 128000,
  'gpt-5-nano': 128000,
}

/**
 * modules/generative-openai/config/class_settings.go Validate. A class-level number the server
 * validates at creation arrives as a JSON number it reads as an integer
 * (usecases/modulecomponents/settings/class_settings_property_helper.go getNumberValue: a
 * `json.Number` that is not an int64 becomes -1), so a fractional `temperature` is refused as out of
 * range; fractional values go on a generative query instead.
 */
const generativeOpenAI = (at: string, c: NonNullable<ProviderModules['generative-openai']>): void => {
  for (const key of ['temperature', 'maxTokens', 'frequencyPenalty', 'presencePenalty', 'topP'] as const) {
    const value = c[key]
    if (value !== undefined && !Number.isInteger(value)) {
      valueError(`${at}.${key}`, `'${at}.${key}' must be a whole number: the server reads a class-level ${key} as an integer and refuses ${value}; set a fractional value on the generative query`)
    }
  }
  within(`${at}.temperature`, c.temperature, 0, 1)
  const limit = OPENAI_MAX_TOKENS[c.model ?? 'gpt-5-mini']
  within(`${at}.maxTokens`, c.maxTokens, 0, limit ?? Number.POSITIVE_INFINITY)
  within(`${at}.frequencyPenalty`, c.frequencyPenalty, 0, 1)
  within(`${at}.presencePenalty`, c.presencePenalty, 0, 1)
  within(`${at}.topP`, c.topP, 0, 5)
  oneOf(`${at}.apiVersion`, c.apiVersion ?? '2024-06-01', GENERATIVE_API_VERSIONS, 'an Azure OpenAI API version')
  if (isAzure(c)) azurePair(at, c.resourceName, c.deploymentId)
}

/** A vectorizer checked by the base rules only: its source properties, and whole dimensions. */
const baseVectorizer = (at: string, c: { readonly properties?: readonly string[]; readonly dimensions?: number }): void => {
  sourceProperties(at, c.properties)
  wholeNumber(`${at}.dimensions`, c.dimensions)
}

/** The Google AI Studio endpoint: the one Google endpoint that needs no `projectId`. */
const AI_STUDIO = 'generativelanguage.googleapis.com'

/** modules/text2vec-google/vectorizer/class_settings.go Validate. */
const text2vecGoogle = (at: string, c: NonNullable<ProviderModules['text2vec-google']>): void => {
  sourceProperties(at, c.properties)
  wholeNumber(`${at}.dimensions`, c.dimensions)
  if ((c.apiEndpoint ?? 'us-central1-aiplatform.googleapis.com') !== AI_STUDIO && (c.projectId ?? '') === '') {
    valueError(`${at}.projectId`, `'${at}.projectId' is required for Vertex AI (any apiEndpoint but ${AI_STUDIO})`)
  }
}

const among = (at: string, value: number | undefined, allowed: readonly number[]): void => {
  if (value !== undefined && !allowed.includes(value)) valueError(at, `'${at}' must be one of ${allowed.join(', ')}, got ${value}`)
}

/** The multimodal field kinds of multi2vec-google (vectorizer/class_settings.go fields). */
const GOOGLE_MEDIA_FIELDS = ['textFields', 'imageFields', 'videoFields', 'audioFields'] as const

/**
 * modules/multi2vec-google/vectorizer/class_settings.go Validate, with
 * usecases/modulecomponents/settings/base_class_multimodal_settings.go ValidateMultiModal (each
 * field list non-empty, no empty name, as many weights as fields).
 */
const multi2vecGoogle = (at: string, c: NonNullable<ProviderModules['multi2vec-google']>): void => {
  if (c.apiEndpoint === '') {
    notEmpty(`${at}.location`, c.location ?? '')
    notEmpty(`${at}.projectId`, c.projectId ?? '')
  }
  wholeNumber(`${at}.dimensions`, c.dimensions)
  wholeNumber(`${at}.videoIntervalSeconds`, c.videoIntervalSeconds)
  const model = (c.model ?? '') !== '' ? c.model : (c.modelId ?? 'multimodalembedding@001')
  if (model === 'multimodalembedding@001') {
    among(`${at}.dimensions`, c.dimensions, [128, 256, 512, 1408])
    among(`${at}.videoIntervalSeconds`, c.videoIntervalSeconds, [4, 8, 15, 120])
    if (c.videoFields !== undefined && (c.dimensions ?? 1408) !== 1408) {
      valueError(`${at}.dimensions`, `'${at}.dimensions' must be 1408 with videoFields, got ${c.dimensions ?? 1408}`)
    }
  }
  for (const kind of GOOGLE_MEDIA_FIELDS) {
    const fields = c[kind]
    if (fields === undefined) continue
    if (fields.length === 0) valueError(`${at}.${kind}`, `'${at}.${kind}' must name at least one property`)
    fields.forEach((f, i) => notEmpty(`${at}.${kind}.${i}`, f))
    const weights = c.weights?.[kind]
    if (weights !== undefined && weights.length !== fields.length) {
      valueError(`${at}.weights.${kind}`, `'${at}.weights.${kind}' must have one weight per field (${fields.length}), got ${weights.length}`)
    }
  }
}

/** The token limit generative-google knows for a model (config/class_settings.go getDefaultTokenLimit). */
const googleTokenLimit = (model: string): number =>
  model.startsWith('gemini-1.5') ? 8192 : model.startsWith('gemini-1.0') || model.startsWith('gemini-pro') ? 2048 : 1024

/**
 * A class-level number the server reads as an integer (a fractional one becomes an out-of-range
 * value there): refused with the advice to set it on the query.
 */
const integerAtClass = (at: string, key: string, value: number | undefined): void => {
  if (value !== undefined && !Number.isInteger(value)) {
    valueError(`${at}.${key}`, `'${at}.${key}' must be a whole number: the server reads a class-level ${key} as an integer and refuses ${value}; set a fractional value on the generative query`)
  }
}

/** modules/generative-google/config/class_settings.go Validate. */
const generativeGoogle = (at: string, c: NonNullable<ProviderModules['generative-google']>): void => {
  for (const key of ['temperature', 'tokenLimit', 'topP', 'topK'] as const) integerAtClass(at, key, c[key])
  const projectId = c.projectId ?? ''
  const endpoint = c.apiEndpoint ?? (projectId === '' ? AI_STUDIO : 'us-central1-aiplatform.googleapis.com')
  if (endpoint !== AI_STUDIO && projectId === '') valueError(`${at}.projectId`, `'${at}.projectId' is required for Vertex AI (any apiEndpoint but ${AI_STUDIO})`)
  within(`${at}.temperature`, c.temperature, 0, 1)
  const model = (c.model ?? '') !== '' ? (c.model ?? '') : (c.modelId ?? (endpoint === AI_STUDIO ? 'chat-bison-001' : 'chat-bison'))
  within(`${at}.tokenLimit`, c.tokenLimit, 1, googleTokenLimit(model))
  within(`${at}.topK`, c.topK, 1, Number.POSITIVE_INFINITY)
  within(`${at}.topP`, c.topP, 0, 1)
}

/**
 * What both AWS modules require of their service: Bedrock a `model` and no `endpoint`, SageMaker
 * an `endpoint` and no `model` (text2vec-aws/vectorizer and generative-aws/config class_settings.go).
 */
const awsService = (at: string, c: { readonly service?: 'bedrock' | 'sagemaker'; readonly model?: string; readonly endpoint?: string }): void => {
  const service = c.service ?? 'bedrock'
  const model = c.model ?? ''
  const endpoint = c.endpoint ?? ''
  if (service === 'bedrock') {
    if (model === '') valueError(`${at}.model`, `'${at}.model' is required with the service bedrock`)
    if (endpoint !== '') valueError(`${at}.endpoint`, `'${at}.endpoint' applies to sagemaker, not bedrock`)
  } else {
    if (endpoint === '') valueError(`${at}.endpoint`, `'${at}.endpoint' is required with the service sagemaker`)
    if (model !== '') valueError(`${at}.model`, `'${at}.model' applies to bedrock; with sagemaker use targetModel`)
  }
}

/**
 * modules/generative-aws/config/class_settings.go Validate. Without `maxTokens` a Bedrock model
 * reads its family's older name: `maxTokensToSample` for Anthropic models, `maxTokenCount` for the others.
 */
const generativeAWS = (at: string, c: NonNullable<ProviderModules['generative-aws']>): void => {
  awsService(at, c)
  if ((c.service ?? 'bedrock') !== 'bedrock') return
  const legacy = (c.model ?? '').includes('anthropic.') ? 'maxTokensToSample' : 'maxTokenCount'
  const key = c.maxTokens !== undefined ? 'maxTokens' : legacy
  const maxTokens = c[key]
  integerAtClass(at, key, maxTokens)
  within(`${at}.${key}`, maxTokens, 1, 8192)
  within(`${at}.temperature`, c.temperature, 0, 1)
  within(`${at}.topP`, c.topP, 0, 1)
}

/** modules/text2vec-aws/vectorizer/class_settings.go Validate. */
const text2vecAWS = (at: string, c: NonNullable<ProviderModules['text2vec-aws']>): void => {
  sourceProperties(at, c.properties)
  wholeNumber(`${at}.dimensions`, c.dimensions)
  if ((c.region ?? '') === '') valueError(`${at}.region`, `'${at}.region' is required`)
  awsService(at, c)
}

/** modules/text2vec-huggingface/ent/class_settings.go Validate: without an endpoint, `model` or `passageModel`, not both. */
const text2vecHuggingFace = (at: string, c: NonNullable<ProviderModules['text2vec-huggingface']>): void => {
  sourceProperties(at, c.properties)
  const endpoint = (c.endpointUrl ?? '') !== '' ? c.endpointUrl : c.endpointURL
  if ((endpoint ?? '') === '' && (c.model ?? '') !== '' && (c.passageModel ?? '') !== '') {
    valueError(`${at}.passageModel`, `'${at}' takes either 'model' or 'passageModel', not both`)
  }
}

/** modules/generative-databricks/config/class_settings.go Validate (numbers read as integers at the class). */
const generativeDatabricks = (at: string, c: NonNullable<ProviderModules['generative-databricks']>): void => {
  for (const key of ['temperature', 'maxTokens', 'topP', 'topK'] as const) integerAtClass(at, key, c[key])
  within(`${at}.temperature`, c.temperature, 0, 1)
  within(`${at}.maxTokens`, c.maxTokens, 1, Number.POSITIVE_INFINITY)
  within(`${at}.topP`, c.topP, 0, 5)
  within(`${at}.topK`, c.topK, 1, Number.POSITIVE_INFINITY)
}

/**
 * Checks the values of a typed provider module's decoded settings; throws an ArgumentValueError
 * naming the path of the first the server would refuse.
 */
export const checkProviderValues = <M extends ProviderModuleName>(at: string, module: M, settings: NonNullable<ProviderModules[M]>): void => {
  const s: NonNullable<ProviderModules[ProviderModuleName]> = settings
  switch (module) {
    case 'text2vec-openai':
      return text2vecOpenAI(at, s)
    case 'text2vec-cohere':
    case 'text2vec-weaviate':
    case 'text2vec-mistral':
    case 'text2vec-voyageai':
    case 'text2vec-jinaai':
    case 'text2vec-nvidia':
      // Their Validate is the base one (source properties) and the base URL, beside what the codec
      // checks (cohere's and nvidia's truncate): the dimensions a whole number.
      return baseVectorizer(at, s as { readonly properties?: readonly string[]; readonly dimensions?: number })
    case 'text2vec-ollama': {
      // ent/class_settings.go: "apiEndpoint cannot be empty", "model cannot be empty".
      const c = s as NonNullable<ProviderModules['text2vec-ollama']>
      sourceProperties(at, c.properties)
      notEmpty(`${at}.apiEndpoint`, c.apiEndpoint)
      return notEmpty(`${at}.model`, c.model)
    }
    case 'generative-openai':
      return generativeOpenAI(at, s as NonNullable<ProviderModules['generative-openai']>)
    case 'generative-anthropic': {
      const c = s as NonNullable<ProviderModules['generative-anthropic']>
      wholeNumber(`${at}.maxTokens`, c.maxTokens)
      return wholeNumber(`${at}.topK`, c.topK)
    }
    case 'generative-cohere': {
      const c = s as NonNullable<ProviderModules['generative-cohere']>
      wholeNumber(`${at}.maxTokens`, c.maxTokens)
      return wholeNumber(`${at}.k`, c.k)
    }
    case 'text2vec-google':
      return text2vecGoogle(at, s as NonNullable<ProviderModules['text2vec-google']>)
    case 'multi2vec-google':
      return multi2vecGoogle(at, s as NonNullable<ProviderModules['multi2vec-google']>)
    case 'generative-google':
      return generativeGoogle(at, s as NonNullable<ProviderModules['generative-google']>)
    case 'text2vec-aws':
      return text2vecAWS(at, s)
    case 'generative-aws':
      return generativeAWS(at, s)
    case 'text2vec-huggingface':
      return text2vecHuggingFace(at, s as NonNullable<ProviderModules['text2vec-huggingface']>)
    case 'text2vec-databricks': {
      // ent/class_settings.go ValidateEndpoint: "endpoint cannot be empty".
      const c = s as NonNullable<ProviderModules['text2vec-databricks']>
      sourceProperties(at, c.properties)
      if ((c.endpoint ?? '') === '') valueError(`${at}.endpoint`, `'${at}.endpoint' is required: the Databricks serving endpoint`)
      return
    }
    case 'generative-databricks':
      return generativeDatabricks(at, s as NonNullable<ProviderModules['generative-databricks']>)
    case 'generative-nvidia':
    case 'generative-xai':
    case 'generative-mistral':
    case 'generative-ollama':
    case 'reranker-cohere':
      // Their ValidateClass accepts any settings (config.go at v1.39.0): only names and types.
      return
  }
}

/** The codec of a typed provider module's settings. */
export const providerCodec = (module: ProviderModuleName): t.Type<ProviderSettings, ProviderSettings, unknown> =>
  PROVIDER_CODECS[module] as t.Type<ProviderSettings, ProviderSettings, unknown>

/** The settings of any typed provider module. */
type ProviderSettings = NonNullable<ProviderModules[ProviderModuleName]>
