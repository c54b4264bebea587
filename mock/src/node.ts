/**
 * `@halyard/mock/node`: any API made with `defineHalApi` intercepting this process's requests
 * (MSW's `setupServer`), and the Blog API's convenience, `setupBlogApi`.
 *
 * @packageDocumentation
 */

export { type BlogApiServer, createBlogApi, setupBlogApi } from './blog-shells/node.js'
export type { BlogApi, BlogApiOptions, HalApi } from './index.js'
export { type HalApiServer, type SetupHalApiOptions, setupHalApi } from './node/setup.js'
