/**
 * The class the object and stream benchmarks write to: two small properties, no vectorizer.
 * Created fresh (any earlier one dropped) and removed afterwards over plain fetch.
 */
const v1 = (url: string): string => `${url.replace(/\/$/, '')}/v1`

/** Drops the class if it exists. */
export const deleteBenchClass = async (url: string, className: string): Promise<void> => {
  await fetch(`${v1(url)}/schema/${className}`, { method: 'DELETE' })
}

/** Drops and re-creates the class with properties `title` (text) and `count` (int); with `skipVectorIndex`, no vector index is built. */
export const resetBenchClass = async (url: string, className: string, options: { readonly skipVectorIndex?: boolean } = {}): Promise<void> => {
  await deleteBenchClass(url, className)
  const res = await fetch(`${v1(url)}/schema`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      class: className,
      vectorizer: 'none',
      ...(options.skipVectorIndex === true ? { vectorIndexConfig: { skip: true } } : {}),
      properties: [
        { name: 'title', dataType: ['text'] },
        { name: 'count', dataType: ['int'] },
      ],
    }),
  })
  if (!res.ok) throw new Error(`create class ${className}: ${res.status} ${await res.text()}`)
}
