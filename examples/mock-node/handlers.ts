import { createBlogApi } from '@halyard/mock/blog'

/**
 * One Blog API mock for this test file: 5 articles in blog 1, its own data. The handlers are plain
 * MSW handlers, so they go to `setupServer` here and to `setupWorker` in a browser alike.
 */
export const blogApi = createBlogApi({ articles: 5 })
export const handlers = blogApi.handlers
