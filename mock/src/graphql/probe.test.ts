import { expect, it, vi } from 'vitest'
import { createGraphqlEndpoint, createPersonDirectory } from './index.js'

// vi.mock('graphql', () => import(/* @vite-ignore */ import.meta.resolve('graphql')))

it('probe', async () => {
  const e = createGraphqlEndpoint(createPersonDirectory([{ id: '1', name: 'A', friendIds: [] }]))
  const r = await e(
    new Request('http://l/?query={nope}', {
      headers: { accept: 'application/graphql-response+json' },
    }),
  )
  const t = await r.text()
  console.log(r.status, t, import.meta.resolve('graphql'))
  expect(r.status).toBe(400)
})
