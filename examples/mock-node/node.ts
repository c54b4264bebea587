import { setupServer } from 'msw/node'
import { handlers } from './handlers.js'

/** Intercepts this process's requests to `/api/v1.2/…` on any host. */
export const server = setupServer(...handlers)
