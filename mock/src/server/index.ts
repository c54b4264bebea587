/**
 * `@halyard/mock/server`: the Blog API mock over real HTTP (`node:http`).
 *
 * @packageDocumentation
 */
export { ADMIN_PATH } from './admin.js'
export type { LoggedRequest } from './request-log.js'
export {
  createHalServer,
  createMockServer,
  type HalServerOptions,
  type MockServer,
  type MockServerOptions,
} from './server.js'
