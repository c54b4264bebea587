/**
 * `@halyard/sdk/blog`: the Blog API v1.2 over `@halyard/sdk`: the type of every representation,
 * and the everyday tasks in one call each.
 *
 * @packageDocumentation
 */
export {
  type ArticleRef,
  type BlogClient,
  type BlogClientOptions,
  blogConventions,
  createBlogClient,
  type IterateOptions,
} from './client.js'
export * from './types.js'
