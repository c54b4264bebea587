// A todo app's first hour: a definition with no tokens and a boolean `done`, read and written by
// the SDK through the HAL-FORMS actions the mock derives from the schema, in JSON and urlencoded.
import { defineHalApi } from '@halyard/mock'
import { setupHalApi } from '@halyard/mock/node'
import { createClient, type Resource, type State } from '@halyard/sdk'
import { halFormsAdapter } from '@halyard/sdk/forms'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

const api = defineHalApi({
  basePath: '/api',
  title: 'Todos',
  collections: {
    todos: {
      schema: z.strictObject({
        title: z.string().min(1),
        done: z.boolean(),
        priority: z.number().int().min(1).max(5).optional(),
      }),
      seed: [{ title: 'Buy milk', done: false }],
    },
  },
})

const baseUrl = 'http://todo.test/api'
const mock = setupHalApi(api)
beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => mock.reset())
afterAll(() => mock.server.close())

// No token in the definition: the development token writes. The actions come with HAL-FORMS.
const client = createClient({ baseUrl, token: 'dev-token', adapter: halFormsAdapter() })

describe('a boolean through HAL-FORMS, by the SDK', () => {
  it('creates, replaces and patches `done` with the actions, in JSON', async () => {
    const page = await client.go('todos').get()
    const create = page.action()
    expect(create.field('done')).toMatchObject({ type: 'checkbox', required: true })
    expect(create.field('priority')).toMatchObject({ type: 'number', min: 1, max: 5, step: 1 })
    const created = (await create.submit({ title: 'Ship', done: true, priority: 2 })) as Resource
    const todo = await created.get()
    expect(todo.data).toMatchObject({ title: 'Ship', done: true, priority: 2 })
    const replaced = (await todo.action().submit({ title: 'Ship it', done: false })) as State
    expect(replaced.data).toMatchObject({ title: 'Ship it', done: false })
    const patched = (await replaced.action('patch').submit({ done: true })) as State
    expect(patched.data).toMatchObject({ title: 'Ship it', done: true })
  })

  it('creates, replaces and patches `done` urlencoded, the values read by the schema', async () => {
    const form = (values: Record<string, string>) => new URLSearchParams(values)
    const created = await client.send('POST', 'todos', {
      body: form({ title: 'Ship', done: 'true', priority: '3' }),
    })
    expect(created.status).toBe(201)
    const uri = created.headers.get('location') ?? ''
    expect(await created.json()).toMatchObject({ done: true, priority: 3 })
    const replaced = await client.send('PUT', uri, { body: form({ title: 'Ship', done: 'false' }) })
    expect(await replaced.json()).toMatchObject({ done: false })
    const patched = await client.send('PATCH', uri, { body: form({ done: 'true' }) })
    expect(await patched.json()).toMatchObject({ title: 'Ship', done: true })
  })
})
