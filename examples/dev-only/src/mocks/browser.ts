import { setupHalWorker } from '@halyard/mock/browser'
import { api } from './api.js'

/** The mock's service worker: imported by `main.ts` in development only. */
export const { worker } = setupHalWorker(api)
