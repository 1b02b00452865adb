/**
 * Small HTTP probes against a starting server: `GET` with a short timeout that never throws, and a
 * poll loop that waits for a condition until a deadline, giving up early when the process dies.
 *
 * @packageDocumentation
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { Agent, request } from 'undici'

/**
 * The outcome of one probe: a status and parsed JSON body, or the network error's message.
 */
export type ProbeResult =
  | { readonly ok: true; readonly status: number; readonly body: unknown }
  | { readonly ok: false; readonly error: string }

const PROBE_TIMEOUT_MS = 3_000

/**
 * What a probe of an https server trusts and presents (`connect`'s `tls` shape): the server's
 * CA, a client certificate when the server requires one, the name on its certificate.
 */
export interface ProbeTls {
  readonly ca?: string
  readonly cert?: string
  readonly key?: string
  readonly servername?: string
}

/**
 * An undici Agent for probes; for an https server with `tls`.
 */
export const probeAgent = (tls: ProbeTls | undefined): Agent => (tls === undefined ? new Agent() : new Agent({ connect: { ...tls } }))

/**
 * Sends `GET url` through `agent`; never rejects.
 */
export const probe = async (
  agent: Agent,
  url: string,
  headers: Readonly<Record<string, string>> = {},
): Promise<ProbeResult> => {
  try {
    const response = await request(url, {
      dispatcher: agent,
      headers,
      headersTimeout: PROBE_TIMEOUT_MS,
      bodyTimeout: PROBE_TIMEOUT_MS,
    })
    const text = await response.body.text()
    let body: unknown = text
    try {
      body = text === '' ? undefined : JSON.parse(text)
    } catch {
      // not JSON: keep the text
    }
    return { ok: true, status: response.statusCode, body }
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) }
  }
}

/**
 * Why {@link pollUntil} stopped without success.
 */
export interface PollFailure {
  readonly kind: 'deadline' | 'exited' | 'aborted'
}

/**
 * Calls `check` every `intervalMs` until it returns true (resolves `undefined`), the deadline passes,
 * `exited` settles or `signal` aborts (resolves the failure). A probe in flight is not abandoned.
 */
export const pollUntil = async (
  check: () => Promise<boolean>,
  options: {
    readonly deadline: number
    readonly exited: Promise<unknown>
    readonly intervalMs?: number
    readonly signal?: AbortSignal | undefined
  },
): Promise<PollFailure | undefined> => {
  let dead = false
  const wake = new AbortController()
  void options.exited.then(() => {
    dead = true
    wake.abort()
  })
  const onAbort = (): void => wake.abort()
  options.signal?.addEventListener('abort', onAbort)
  const stopped = (): PollFailure | undefined =>
    dead ? { kind: 'exited' } : options.signal?.aborted === true ? { kind: 'aborted' } : undefined
  try {
    for (;;) {
      if (stopped() !== undefined) return stopped()
      if (await check()) return undefined
      if (stopped() !== undefined) return stopped()
      const left = options.deadline - Date.now()
      if (left <= 0) return { kind: 'deadline' }
      await sleep(Math.min(options.intervalMs ?? 150, left), undefined, { signal: wake.signal }).catch(() => undefined)
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort)
    wake.abort()
  }
}
