import { describe, expect, it } from 'vitest'
import { luaString, parseWrk, wrkScript } from './wrk.js'

/** A report of wrk 4.1 with --latency, as it printed it on this machine. */
const REPORT = `Running 2s test @ http://127.0.0.1:4798/
  2 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    10.02ms   19.18ms 114.66ms   90.63%
    Req/Sec     3.91k     2.63k    9.19k    57.50%
  Latency Distribution
     50%  812.00us
     75%    7.34ms
     90%   26.69ms
     99%    1.20s
  15934 requests in 2.08s, 2.45MB read
Requests/sec:   7675.03
Transfer/sec:      1.18MB
`

describe('parseWrk', () => {
  it('reads the count, the time, the percentiles (any unit) and the bytes per response', () => {
    const result = parseWrk(REPORT)
    expect(result.requests).toBe(15934)
    expect(result.seconds).toBeCloseTo(2.08)
    expect(result.rps).toBeCloseTo(15934 / 2.08)
    expect(result.p50Ms).toBeCloseTo(0.812)
    expect(result.p99Ms).toBeCloseTo(1200)
    expect(result.bytesPerResponse).toBeCloseTo((2.45 * 1024 * 1024) / 15934)
    expect(result.errors).toBe(0)
  })

  it('counts the responses that were not 2xx or 3xx and the socket errors as errors', () => {
    const failing = REPORT.replace(
      '  15934 requests',
      '  Socket errors: connect 0, read 2, write 0, timeout 12\n  15934 requests',
    ).replace('Requests/sec', '  Non-2xx or 3xx responses: 40\nRequests/sec')
    expect(parseWrk(failing).errors).toBe(54)
  })

  it('throws when wrk printed no summary (it could not connect)', () => {
    expect(() => parseWrk('unable to connect to 127.0.0.1:4797 Connection refused')).toThrow(
      /no summary/,
    )
  })
})

describe('wrkScript', () => {
  it('escapes quotes, backslashes and control characters into Lua decimal escapes', () => {
    expect(luaString('say "hi"\\\n1')).toBe('"say \\034hi\\034\\092\\0101"')
    expect(luaString('é')).toBe('"\\195\\169"')
  })

  it('sets the method, the body and every header', () => {
    const script = wrkScript({
      method: 'POST',
      body: '{"title":"x"}',
      headers: { 'content-type': 'application/json' },
    })
    expect(script).toBe(
      [
        'wrk.method = "POST"',
        'wrk.body = "{\\034title\\034:\\034x\\034}"',
        'wrk.headers["content-type"] = "application/json"',
        '',
      ].join('\n'),
    )
  })
})
