/**
 * `@halyard/mock/node`: any API made with `defineHalApi` intercepting this process's requests
 * (MSW's `setupServer`). The Blog API's convenience, `setupBlogApi`, is `@halyard/mock/blog/node`.
 *
 * @packageDocumentation
 */

export type { HalApi } from '../../index.js'
export {
  type HalApiInterception,
  type HalApiServer,
  type SetupHalApiOptions,
  setupHalApi,
} from './setup.js'
