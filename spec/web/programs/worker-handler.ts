/**
 * A Worker's `fetch` handler around one program: the spec POSTs the program's input as JSON and
 * gets its result as JSON, or a 500 with the error's name, message and stack.
 */

/**
 * The Worker module's default export for `program`.
 *
 * @example
 * ```ts
 * export default jsonWorker(probe)
 * ```
 */
export const jsonWorker = <I, O>(program: (input: I) => Promise<O>): { fetch: (request: Request) => Promise<Response> } => ({
  fetch: async (request) => {
    if (request.method !== 'POST') return new Response('ready')
    try {
      return Response.json(await program((await request.json()) as I))
    } catch (e) {
      const error = e instanceof Error ? { name: e.name, message: e.message, stack: e.stack } : { name: 'thrown', message: String(e) }
      return Response.json(error, { status: 500 })
    }
  },
})
