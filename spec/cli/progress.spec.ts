/**
 * Progress on stderr: a bar (objects, rate, ETA) only when stderr is a terminal, nothing but the
 * summary otherwise, JSON with `--progress json`; the summary says objects, failed, elapsed and
 * rate.
 */
import { PassThrough } from 'node:stream'
import { createProgress } from '../../lib/cli/terminal/progress'

const stderrOf = (isTTY: boolean) => {
  const stream = Object.assign(new PassThrough(), { isTTY, columns: 200 })
  const chunks: string[] = []
  stream.on('data', (b: Buffer) => chunks.push(b.toString('utf8')))
  return { stream, text: () => chunks.join('') }
}

/** A clock that reads 0, then 2 seconds for every later call. */
const clock = () => {
  let calls = 0
  return () => (calls++ === 0 ? 0 : 2000)
}

describe('createProgress', () => {
  it('on a terminal, draws a bar with objects, rate and ETA in place, then the summary', () => {
    const err = stderrOf(true)
    const progress = createProgress({ label: 'copy', mode: 'auto', stderr: err.stream, now: clock() })
    progress.setTotal(100)
    progress.add(50)
    progress.finish()
    expect(err.text()).toMatch(/^\r.*copy \[#+-+\] 50% 50\/100 objects, 0 failed, 25\/s, ETA 0:02/)
    expect(err.text()).toMatch(/\ncopy: 50 objects, 0 failed, 2\.0 s, 25 objects\/s\n$/)
  })

  it('shows the rate and ETA of the last 10 s or so, not the average of the whole run', () => {
    jest.useFakeTimers()
    try {
      let t = 0
      const err = stderrOf(true)
      const progress = createProgress({ label: 'import', mode: 'auto', stderr: err.stream, now: () => t })
      progress.setTotal(10_010)
      t = 60_000 // a slow first minute: 10 objects
      progress.add(10)
      jest.advanceTimersByTime(100)
      t = 75_000 // then 5,000 in 15 s
      progress.add(5_000)
      jest.advanceTimersByTime(100)
      const lastDraw = err.text().split('\r').at(-1)
      // The whole run's average would say 67/s and ETA 1:15.
      expect(lastDraw).toMatch(/5010\/10010 objects, 0 failed, 333\/s, ETA 0:15/)
      progress.finish()
    } finally {
      jest.useRealTimers()
    }
  })

  it('when stderr is not a terminal, writes only the summary line', () => {
    const err = stderrOf(false)
    const progress = createProgress({ label: 'export', mode: 'auto', stderr: err.stream, now: clock() })
    progress.add(10)
    progress.fail(1)
    progress.finish()
    expect(err.text()).toBe('export: 10 objects, 1 failed, 2.0 s, 5 objects/s\n')
  })

  it('with json, ends with one JSON summary line', () => {
    const err = stderrOf(true)
    const progress = createProgress({ label: 'import', mode: 'json', stderr: err.stream, now: clock() })
    progress.add(4)
    progress.finish()
    expect(JSON.parse(err.text())).toEqual({ command: 'import', summary: true, objects: 4, failed: 0, elapsedSeconds: 2, rate: 2 })
  })
})
