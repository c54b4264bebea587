import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type { HalApiDefinition, HalErrorFormat } from '../definition/api.js'
import { defineCollection } from '../definition/definition.js'
import { Problem } from '../http/problem.js'
import { defineHalApi } from './api.js'
import { problemAnswer } from './problem.js'

describe('problemAnswer', () => {
  it('answers a Problem of another copy of the package with its status, not a 500', async () => {
    // A module given to `--api` may bring its own copy of @halyard/mock: another `Problem` class.
    // A query makes the module runner load the file again, as a module of its own.
    const specifier = '../http/problem.js?copy'
    const copy = (await import(specifier)) as {
      Problem: typeof Problem
    }
    expect(copy.Problem).not.toBe(Problem)
    const answer = problemAnswer(new copy.Problem(409, 'Taken.'), '/api/orders/1')
    expect(answer.status).toBe(409)
    expect(JSON.parse(answer.body as string)).toMatchObject({ status: 409, detail: 'Taken.' })
  })
})

describe('an API of its own error format', () => {
  const notes = (errors: HalApiDefinition['errors']) =>
    defineHalApi({
      basePath: '/api',
      tokens: ['dev-token'],
      ...(errors ? { errors } : {}),
      collections: {
        notes: defineCollection({ schema: z.strictObject({ text: z.string() }), seed: [] }),
      },
    })
  const post = (api: ReturnType<typeof notes>, body: unknown) =>
    api.handle(
      new Request('http://localhost/api/notes', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
        body: JSON.stringify(body),
      }),
    )
  const errorMessage: HalErrorFormat = {
    invalid: 400,
    mediaType: 'application/json',
    body: (p) => ({
      error: p.title,
      message: p.detail,
      ...(p.errors ? { fields: p.errors.map((e) => e.pointer) } : {}),
    }),
  }

  it('answers a refused body with its status and body, as a client reading error.message expects', async () => {
    const refused = await post(notes(errorMessage), { text: 42 })
    expect(refused.status).toBe(400)
    expect(refused.headers.get('content-type')).toBe('application/json')
    expect(await refused.json()).toEqual({
      error: 'Bad Request',
      message: expect.any(String),
      fields: ['/text'],
    })
  })

  it('answers every other error in the same body: a 404, a 401', async () => {
    const api = notes(errorMessage)
    const missing = await api.handle(new Request('http://localhost/api/notes/9'))
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: 'Not Found', message: expect.any(String) })
    const anonymous = await api.handle(
      new Request('http://localhost/api/notes', { method: 'POST', body: '{}' }),
    )
    expect(anonymous.status).toBe(401)
    expect(Object.keys(await anonymous.json())).toEqual(['error', 'message'])
  })

  it('keeps 422 and problem details without a format, and 422 when the format names no status', async () => {
    const plain = await post(notes(undefined), { text: 42 })
    expect([plain.status, plain.headers.get('content-type')]).toEqual([
      422,
      'application/problem+json',
    ])
    const unsaid = await post(notes({ body: (p) => ({ message: p.detail }) }), { text: 42 })
    expect(unsaid.status).toBe(422)
  })

  it('answers problem details when its body hook throws, and no body when it gives none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const throwing = await post(
      notes({
        body: () => {
          throw new Error('broken hook')
        },
      }),
      { text: 42 },
    )
    expect(throwing.status).toBe(422)
    expect(await throwing.json()).toMatchObject({ status: 422, title: 'Unprocessable Content' })
    const empty = await notes({ body: () => undefined }).handle(
      new Request('http://localhost/api/notes/9'),
    )
    expect([empty.status, await empty.text()]).toEqual([404, ''])
  })
})
