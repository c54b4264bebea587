/**
 * `@halyard/mock/server`: any API made with `defineHalApi` over real HTTP (`node:http`), and the
 * Blog API's convenience, `createMockServer`.
 *
 * @packageDocumentation
 */
export {
  createMockServer,
  type MockServer,
  type MockServerOptions,
} from '../blog-shells/server.js'
export { ADMIN_PATH } from './admin.js'
export type { LoggedRequest } from './request-log.js'
export {
  createHalServer,
  type HalServer,
  type HalServerOptions,
  type ServedApi,
} from './server.js'
