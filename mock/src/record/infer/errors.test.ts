import { describe, expect, it } from 'vitest'
import { errorsSource } from '../emit/errors.js'
import type { ErrorSample } from '../error-probe.js'
import { errorFormatOf } from './errors.js'

const notFound = (body: unknown, contentType = 'application/json'): ErrorSample => ({
  asked: 'GET /api/notes/1000000002',
  url: 'http://api.test/api/notes/1000000002',
  status: 404,
  contentType,
  body,
})
const refused = (status: number, body: unknown): ErrorSample => ({
  asked: 'POST /api/notes',
  url: 'http://api.test/api/notes',
  status,
  contentType: 'application/json',
  body,
})
/** The `body:` line of the emitted option. */
const bodyLine = (source: string[]) => source.find((l) => l.trim().startsWith('body:'))?.trim()

describe('the error format a recording learns', () => {
  it('reads each member of a 404 as what the mock knows of an error, else as a constant', () => {
    const format = errorFormatOf({
      notFound: notFound({
        timestamp: '2025-01-01T00:00:00.000Z',
        status: 404,
        error: 'Not Found',
        message: 'No note 1000000002.',
        path: '/api/notes/1000000002',
        code: 'NOT_FOUND',
        traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      }),
    })
    expect(bodyLine(errorsSource(format))).toBe(
      "body: (p) => ({ timestamp: new Date().toISOString(), status: p.status, error: p.title, message: p.detail, path: p.instance, code: 'NOT_FOUND', traceId: p.detail }),",
    )
    expect(format?.invalid).toBeUndefined()
  })

  it('takes a refusal’s status and its list of invalid members, and keeps the 404 apart when it differs', () => {
    const format = errorFormatOf({
      notFound: notFound({ error: 'Not Found', message: 'Nothing here.' }),
      refused: refused(422, { errors: [{ field: 'text', message: 'text must be a string.' }] }),
    })
    const source = errorsSource(format)
    expect(source).toContain('    invalid: 422,')
    expect(bodyLine(source)).toBe(
      "body: (p) => (p.status === 422 ? ({ errors: (p.errors ?? [{ pointer: '', detail: p.detail }]).map((e) => ({ field: e.pointer.slice(1).replaceAll('/', '.'), message: e.detail })) }) : ({ error: p.title, message: p.detail })),",
    )
    // The emitted function runs: a refusal lists its members by name, a 404 its detail.
    const body = new Function(`return ${bodyLine(source)?.slice(6, -1)}`)() as (
      p: object,
    ) => unknown
    expect(
      body({
        status: 422,
        title: 'Unprocessable Content',
        detail: 'Invalid.',
        errors: [{ pointer: '/text', detail: 'Expected string.' }],
      }),
    ).toEqual({
      errors: [{ field: 'text', message: 'Expected string.' }],
    })
    expect(body({ status: 404, title: 'Not Found', detail: 'None.' })).toEqual({
      error: 'Not Found',
      message: 'None.',
    })
  })

  it('replays an empty 404 with no body, and learns nothing from a page of HTML', () => {
    expect(bodyLine(errorsSource(errorFormatOf({ notFound: notFound(undefined, '') })))).toBe(
      'body: () => undefined,',
    )
    const html = { ...notFound(undefined, 'text/html'), opaque: true }
    expect(errorFormatOf({ notFound: html })).toBeUndefined()
    expect(errorsSource(undefined)).toEqual([])
  })
})
