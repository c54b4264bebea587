import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { OUT, outDir as outIn } from '../../test/record/replay.js'
import { defineCollection, defineHalApi, type HalErrorFormat } from '../index.js'
import type { HalApi } from '../serve/api.js'
import { absentRecord } from './error-probe.js'
import { recordApi, writeRecording } from './record.js'

const MINE = `${OUT}-error-probe`
afterAll(() => rm(MINE, { recursive: true, force: true }))

// A Spring-style server: `{ timestamp, status, error, path }` in application/json, 400 for a body
// it refuses. The crawl learns the shape from a 404 it asks for, by a GET.
const spring: HalErrorFormat = {
  invalid: 400,
  mediaType: 'application/json',
  body: (p) => ({
    timestamp: new Date().toISOString(),
    status: p.status,
    error: p.title,
    path: p.instance,
  }),
}
const original = defineHalApi({
  basePath: '/api',
  tokens: ['dev-token'],
  errors: spring,
  collections: {
    notes: defineCollection({
      schema: z.strictObject({ text: z.string() }),
      seed: [{ text: 'a' }, { text: 'b' }],
    }),
  },
})

describe('the crawl learns the error format from a 404', () => {
  it('asks for a record that cannot exist: past the greatest id of a list it read', () => {
    expect(absentRecord(['http://x/api/notes/2', 'http://x/api/notes/17', 'http://x/api'])).toBe(
      'http://x/api/notes/1000000017',
    )
    expect(absentRecord(['http://x/api'])).toBeUndefined()
  })

  it('replays a 404 in the API’s media type and members, and writes nothing to learn it', async () => {
    const methods = new Set<string>()
    const recording = await recordApi('http://origin.test/api', {
      fetch: (request) => {
        methods.add(request.method)
        return original.handle(request)
      },
    })
    expect([...methods].sort()).toEqual(['GET', 'OPTIONS'])
    const source = recording.files['api.ts'] as string
    expect(source).toContain('GET /api/notes/1000000002, a record that cannot exist')
    expect(source).toContain('the status of a refused body was not seen')
    const dir = await outIn('error-probe', MINE)
    await writeRecording(dir, recording.files)
    const replay = (await import(join(dir, 'api.ts'))).default as HalApi
    const missing = await replay.handle(new Request('http://mock.test/api/notes/9'))
    expect([missing.status, missing.headers.get('content-type')]).toEqual([404, 'application/json'])
    const body = (await missing.json()) as Record<string, unknown>
    expect(Object.keys(body)).toEqual(['timestamp', 'status', 'error', 'path'])
    expect(body).toMatchObject({ status: 404, error: 'Not Found', path: '/api/notes/9' })
    // Its refusals in the same shape; their status unseen, the toolkit's.
    const refused = await replay.handle(
      new Request('http://mock.test/api/notes', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer mock-token' },
        body: JSON.stringify({ text: 7 }),
      }),
    )
    expect(refused.status).toBe(422)
    expect(await refused.json()).toMatchObject({ status: 422, error: 'Unprocessable Content' })
  })
})
