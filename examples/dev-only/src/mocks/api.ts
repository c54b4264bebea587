import { defineHalApi } from '@halyard/mock'
import { z } from 'zod'

/** The API the app talks to, mocked: todos with a boolean `done` (writable with `dev-token`). */
export const api = defineHalApi({
  basePath: '/api',
  title: 'Todos',
  collections: {
    todos: {
      schema: z.object({ title: z.string().min(1), done: z.boolean() }),
      seed: [
        { title: 'Write the first test', done: true },
        { title: 'Ship it', done: false },
      ],
    },
  },
})
