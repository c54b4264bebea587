import { defineHalApi } from '@halyard/mock'
import { setupHalWorker } from '@halyard/mock/browser'
import { HttpResponse, http } from 'msw'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { z } from 'zod'

// An API of the test's own, answered by msw's service worker through its one catch-all handler.
const notes = defineHalApi({
  basePath: '/notes-api',
  tokens: ['dev-token'],
  collections: {
    notes: {
      schema: z.object({ text: z.string().min(1) }),
      seed: Array.from({ length: 30 }, (_, i) => ({ text: `Note ${i + 1}` })),
    },
  },
})

const setup = () => setupHalWorker(notes)
let mock: ReturnType<typeof setup> | undefined
beforeAll(async () => {
  mock = setup()
  await mock.worker.start({ quiet: true, onUnhandledFrame: 'bypass' })
  const script = navigator.serviceWorker.controller?.scriptURL
  if (!script || new URL(script).pathname !== '/mockServiceWorker.js') {
    throw new Error(`this page is not controlled by msw's worker (controller: ${script ?? 'none'})`)
  }
})
afterEach(async () => {
  mock?.worker.resetHandlers()
  await mock?.reset()
})
afterAll(() => mock?.worker.stop())

it('pages the collection in standard HAL, from the worker', async () => {
  const response = await fetch('/notes-api/notes?page=1')
  expect(response.headers.get('content-type')).toBe('application/hal+json')
  const page = await response.json()
  expect(page.page).toEqual({ size: 20, totalElements: 30, totalPages: 2, number: 1 })
  expect(page._links.prev.href).toBe(`${location.origin}/notes-api/notes?page=0&size=20`)
})

it('creates with the token, and worker.use() overrides win', async () => {
  const created = await fetch('/notes-api/notes', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
    body: JSON.stringify({ text: 'Mine' }),
  })
  expect(created.status).toBe(201)
  expect(created.headers.get('location')).toBe(`${location.origin}/notes-api/notes/31`)
  mock?.worker.use(http.get('/notes-api/notes/31', () => HttpResponse.json({ text: 'Overridden' })))
  expect(await (await fetch('/notes-api/notes/31')).json()).toEqual({ text: 'Overridden' })
})
