import { z } from 'zod'
import { defineCollection, defineHalApi } from '../../src/index.js'

/** The token of {@link notesApi}: a `/` and a `+`, as tokens have, and escapings change. */
export const NOTES_TOKEN = 'tok/en-secret+1'

/**
 * A small API for hostile servers to stand in front of: two notes, writable with the token.
 *
 * @example
 * const server = await createHalServer(notesApi, { port: 0, log: false })
 */
export const notesApi = defineHalApi({
  basePath: '/api',
  tokens: [NOTES_TOKEN],
  collections: {
    notes: defineCollection({
      schema: z.strictObject({ text: z.string() }),
      seed: [{ text: 'first' }, { text: 'second' }],
    }),
  },
})

export default notesApi
