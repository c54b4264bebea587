/**
 * `@halyard/mock/server`: any API made with `defineHalApi` over real HTTP (`node:http`). The Blog
 * API's convenience, `createBlogServer`, is `@halyard/mock/blog/server`.
 *
 * @packageDocumentation
 */

export type { LoggedRequest } from '../common/request-log.js'
export { ADMIN_PATH } from './admin.js'
export type { ServedApi } from './pipeline.js'
export { createHalServer, type HalServer, type HalServerOptions } from './server.js'
