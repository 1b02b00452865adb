/**
 * A page with no client in it: plain `fetch` from the page's origin to the Weaviate server, to show
 * what the server's CORS lets through (`/v1/meta`, a gRPC-Web POST with its headers) and that the
 * browser enforces CORS at all (a fetch to a port that sends no CORS headers fails). The page
 * (probe-page.ts) and the Worker (probe-worker.ts) run the same probe.
 */

/** What the spec hands the probe. */
export interface ProbeInput {
  readonly url: string
  readonly apiKey: string
  /** An origin that answers without CORS headers. */
  readonly noCorsUrl: string
}

/** What the probe saw. */
export interface ProbeResult {
  readonly meta: { readonly status: number; readonly version: string }
  /** The HTTP status, and the gRPC status read from the exposed `grpc-status` header or the trailer frame. */
  readonly grpcWeb: { readonly status: number; readonly contentType: string; readonly grpcStatus: string }
  readonly noCors: string
}

export const probe = async ({ url, apiKey, noCorsUrl }: ProbeInput): Promise<ProbeResult> => {
  const meta = await fetch(`${url}/v1/meta`, { headers: { authorization: `Bearer ${apiKey}` } })
  const { version } = (await meta.json()) as { version: string }
  // An empty SearchRequest in one data frame: the server answers it with a gRPC status in the trailer frame.
  const search = await fetch(`${url}/v1/grpc-web/weaviate.v1.Weaviate/Search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/grpc-web+proto', 'x-grpc-web': '1' },
    body: new Uint8Array(5),
  })
  const body = new Uint8Array(await search.arrayBuffer())
  const trailerAt = body.findIndex((byte, i) => byte === 0x80 && i + 5 <= body.length)
  const trailer = trailerAt < 0 ? '' : new TextDecoder().decode(body.subarray(trailerAt + 5))
  const noCors = await fetch(noCorsUrl).then(
    (r) => `answered ${r.status}`,
    (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)),
  )
  return {
    meta: { status: meta.status, version },
    grpcWeb: {
      status: search.status,
      contentType: search.headers.get('content-type') ?? '',
      grpcStatus: search.headers.get('grpc-status') ?? /grpc-status: *(\d+)/.exec(trailer)?.[1] ?? '',
    },
    noCors,
  }
}
