/**
 * The process warnings of one code a spec watches (`process.emitWarning` with `{ code }`): the
 * client's fallback and key warnings. Others are swallowed while the spy is on.
 */

/** The recorded warnings' texts, and what puts `process.emitWarning` back. */
export interface WarningRecorder {
  readonly warnings: string[]
  restore(): void
}

/**
 * Starts recording the warnings with `code`.
 *
 * @example
 * ```ts
 * const recorder = recordWarnings(GRPC_FALLBACK_WARNING)
 * // ... expect(recorder.warnings).toEqual([]) ... recorder.restore()
 * ```
 */
export const recordWarnings = (code: string): WarningRecorder => {
  const warnings: string[] = []
  const spy = jest.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error, options?: unknown) => {
    const given = typeof options === 'object' && options !== null && 'code' in options ? options.code : undefined
    if (given === code) warnings.push(String(warning))
  })
  return { warnings, restore: () => spy.mockRestore() }
}
