import { describe, expect, it } from 'vitest'
import { balancedShards, durationsFromReports, e2eSpecFiles } from './e2e-shards.mjs'

describe('the browser test shards', () => {
  it('splits by recorded time, not by count: one long file against many short ones', () => {
    const shards = balancedShards(['a', 'b', 'c', 'd', 'long'], { long: 40, a: 10, b: 10, c: 10, d: 10 }, 2)
    expect(shards.map((s) => s.files)).toEqual([['long'], ['a', 'b', 'c', 'd']])
    expect(shards.map((s) => s.seconds)).toEqual([40, 40])
  })

  it('counts a file without a recorded time as the average file, and places every file exactly once', () => {
    const shards = balancedShards(['new', 'x', 'y'], { x: 30, y: 10 }, 2)
    expect(shards.flatMap((s) => s.files).sort()).toEqual(['new', 'x', 'y'])
    expect(shards.find((s) => s.files.includes('new'))?.seconds).toBe(30)
  })

  it('covers every spec file of tests/e2e, with the two shards within a tenth of each other', () => {
    const { files, durations } = e2eSpecFiles(process.cwd())
    const shards = balancedShards(files, durations, 2)
    expect(shards.flatMap((s) => s.files).sort()).toEqual(files)
    const [a, b] = shards.map((s) => s.seconds)
    expect(Math.abs(a - b) / Math.max(a, b)).toBeLessThan(0.1)
  })

  it('reads the seconds per file from Playwright JSON reports, retries included', () => {
    const report = {
      suites: [
        {
          file: 'a.spec.ts',
          specs: [{ file: 'a.spec.ts', tests: [{ results: [{ duration: 1500 }, { duration: 500 }] }] }],
          suites: [{ specs: [{ file: 'a.spec.ts', tests: [{ results: [{ duration: 1000 }] }] }] }],
        },
      ],
    }
    expect(durationsFromReports([report, { suites: [{ specs: [{ file: 'b.spec.ts', tests: [{ results: [{ duration: 250 }] }] }] }] }])).toEqual({
      'a.spec.ts': 3,
      'b.spec.ts': 0.3,
    })
  })
})
