/**
 * The short soak (bench/soak.ts, `npm run soak` runs the long one): 30 s of concurrent streams,
 * batches with vectors, searches and counts over both transports against one server restarted
 * twice. Failures come only from the restarts, the load goes on after them, and nothing is left
 * open once the clients close.
 */
import { runSoak, type SoakReport } from '../../bench/soak'

/** How long after a restart ends a failure still counts as caused by it (clients reconnect, shards load). */
const AFTERMATH_MS = 10_000

let report: SoakReport

beforeAll(async () => {
  report = await runSoak({ durationMs: 30_000, restarts: 2, intervalMs: 10_000, log: () => undefined })
}, 240_000)

describe('the short soak', () => {
  it('restarts the server twice', () => {
    expect(report.restarts).toHaveLength(2)
  })

  it('fails only while a restart runs or just after it', () => {
    const outside = report.failures.filter((f) => !report.restarts.some((r) => f.atMs >= r.fromMs && f.atMs <= r.toMs + AFTERMATH_MS))
    expect(outside).toEqual([])
  })

  it('keeps working after the last restart', () => {
    const last = report.intervals[report.intervals.length - 1]
    expect(last?.operations).toBeGreaterThan(0)
  })

  it('measures memory in each interval as the median of several samples, not one reading', () => {
    expect(report.intervals.map((i) => i.memorySamples >= 3)).toEqual(report.intervals.map(() => true))
    expect(report.baseline.samples).toBeGreaterThanOrEqual(2)
  })

  it('leaves no socket to the server and no more handles than before the load once the clients close', () => {
    expect(report.after).toMatchObject({ restSockets: 0, grpcSockets: 0 })
    expect(report.after.activeHandles).toBeLessThanOrEqual(report.intervals[0]?.activeHandles ?? 0)
  })
})
