import { HttpResponse, http, isPassthroughResponse, passthrough } from 'msw'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineHalApi } from './api.js'
import { halResponder } from './handler.js'
import { overridesFirst } from './overrides.js'

const api = defineHalApi({
  basePath: '/api',
  tokens: ['dev-token'],
  collections: { notes: { schema: z.object({ text: z.string() }) } },
})
const then = halResponder(api)
const post = () =>
  new Request('http://localhost/api/notes', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
    body: JSON.stringify({ text: 'hello' }),
  })

describe('overridesFirst', () => {
  it('answers with the first override that matches', async () => {
    const override = http.post('*/api/notes', () => HttpResponse.json({ from: 'override' }))
    const response = await overridesFirst(post(), [override], then)
    expect(await response?.json()).toEqual({ from: 'override' })
  })

  it('hands the request, body unread, to the API when no override matches', async () => {
    const other = http.post('*/api/other', () => HttpResponse.json({}))
    const reader = http.post('*/api/notes', async ({ request }) => {
      await request.text() // an override that reads the body, then declines
      return undefined
    })
    const response = await overridesFirst(post(), [other, reader], then)
    expect(response?.status).toBe(201)
    expect(await response?.json()).toMatchObject({ text: 'hello' })
  })

  it('gives back a passthrough as an answer, for the shell to decide', async () => {
    const through = http.post('*/api/notes', () => passthrough())
    const response = await overridesFirst(post(), [through], then)
    expect(response && isPassthroughResponse(response)).toBe(true)
  })

  it('goes on to the API after a passthrough when asked to', async () => {
    const through = http.post('*/api/notes', () => passthrough())
    const response = await overridesFirst(post(), [through], then, { passthrough: 'then' })
    expect(response?.status).toBe(201)
  })

  it('resolves to undefined outside the API when nothing answers', async () => {
    expect(
      await overridesFirst(new Request('http://localhost/elsewhere'), [], then),
    ).toBeUndefined()
  })
})
