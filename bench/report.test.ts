import { describe, expect, it } from 'vitest'
import { parseBenchArgs, QUICK_TIMING, UsageError } from './options.js'
import {
  formatBytes,
  formatNumber,
  formatRatio,
  goal,
  goalLines,
  markdownTable,
  median,
  ratio,
} from './report.js'

describe('median', () => {
  it('takes the middle value of an odd count, the mean of the two middle ones of an even count', () => {
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })

  it('ignores values that are not finite, and is NaN with none left', () => {
    expect(median([Number.NaN, 7, Number.POSITIVE_INFINITY, 9])).toBe(8)
    expect(median([])).toBeNaN()
  })
})

describe('ratio', () => {
  it('divides by a positive base, else NaN rather than Infinity', () => {
    expect(ratio(30, 12)).toBe(2.5)
    expect(ratio(30, 0)).toBeNaN()
    expect(ratio(undefined, 12)).toBeNaN()
    expect(ratio(30, Number.NaN)).toBeNaN()
  })
})

describe('formatting', () => {
  it('groups thousands and prints a dash for a figure that could not be measured', () => {
    expect(formatNumber(27_012.6)).toBe('27,013')
    expect(formatNumber(0.8376, 3)).toBe('0.838')
    expect(formatNumber(Number.NaN)).toBe('—')
    expect(formatRatio(2.405)).toBe('2.40×')
    expect(formatRatio(undefined)).toBe('—')
  })

  it('prints bytes, KiB and MiB', () => {
    expect(formatBytes(733)).toBe('733 B')
    expect(formatBytes(14_233)).toBe('13.9 KiB')
    expect(formatBytes(704_643_072)).toBe('672.0 MiB')
  })
})

describe('goal', () => {
  it('is met on the right side of its bound, and printed with it', () => {
    expect(goal('vs json-server', 2.41, { atLeast: 2 })).toEqual({
      label: 'vs json-server',
      target: '≥ 2×',
      measured: '2.41×',
      met: true,
    })
    expect(goal('at 1M', 1.6, { atMost: 1.5 }).met).toBe(false)
    expect(goal('start', 4.999, { below: 5 }, ' s')).toMatchObject({ target: '< 5 s', met: true })
    expect(goal('start', 5, { below: 5 }, ' s').met).toBe(false)
  })

  it('is neither met nor missed when nothing was measured', () => {
    const unmeasured = goal('vs WireMock', Number.NaN, { atLeast: 1 })
    expect(unmeasured).toMatchObject({ measured: '—', met: undefined })
    expect(goalLines([unmeasured])).toBe('- vs WireMock: — (goal ≥ 1×): not measured')
  })
})

describe('markdownTable', () => {
  it('right-aligns figures, escapes pipes and adds the notes after a blank line', () => {
    const text = markdownTable({
      title: 'Weights',
      columns: ['library', 'gzip'],
      rows: [['a|b', '1 KiB']],
      notes: ['- one note'],
    })
    expect(text).toBe(
      [
        '#### Weights',
        '',
        '| library | gzip |',
        '|---|---:|',
        '| a\\|b | 1 KiB |',
        '',
        '- one note',
      ].join('\n'),
    )
  })

  it('takes an alignment per column', () => {
    const text = markdownTable({
      title: 'T',
      columns: ['a', 'b'],
      rows: [],
      align: ['left', 'left'],
    })
    expect(text.split('\n')[3]).toBe('|---|---|')
  })
})

describe('parseBenchArgs', () => {
  it('runs every part by default, the asked ones in the canonical order otherwise', () => {
    expect(parseBenchArgs([])).toMatchObject({
      parts: [
        'server',
        'scale',
        'in-process',
        'weight',
        'query-weight',
        'economy',
        'soak',
        'limits',
        'record-har',
      ],
    })
    expect(parseBenchArgs(['--only=soak,server'])).toMatchObject({ parts: ['server', 'soak'] })
  })

  it('uses the short durations with --quick', () => {
    expect(parseBenchArgs(['--quick'])).toMatchObject({ quick: true, timing: QUICK_TIMING })
  })

  it('rejects an unknown part, option or generator with a usage error', () => {
    expect(() => parseBenchArgs(['--only=speed'])).toThrow(
      new UsageError('--only: unknown part speed'),
    )
    expect(() => parseBenchArgs(['--fast'])).toThrow(UsageError)
    expect(() => parseBenchArgs(['--load=ab'])).toThrow(/--load must be one of wrk, autocannon/)
  })
})
