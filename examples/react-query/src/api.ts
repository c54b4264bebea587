import { type Blog, createBlogClient } from '@halyard/sdk/blog'

/** The Blog API at this page's origin, answered by the mock's service worker. */
export const api = createBlogClient({
  baseUrl: `${location.origin}/api/v1.2`,
  token: 'dev-token',
})

/** The blog this app shows. */
export const blog = api.client.go<Blog>('blogs/1')

/** Where the app shows an article: its path, in the hash. */
export const articleHash = (uri: string): string => `#${new URL(uri).pathname}`
