import { createMockServer, type MockServer } from '@halyard/mock/blog/server'
import { afterAll, beforeAll } from 'vitest'
import { describeHalServer } from './suite/generic.case.js'
import {
  type HalServer,
  JSON_SERVER_SEED,
  startJsonServerHalApi,
  startTraversonTestServer,
} from './third-party/servers.js'

// The generic SDK suite on HAL servers nobody here wrote, and on the mock beside them; all real
// HTTP on 127.0.0.1. The targets are built when called, once the servers listen.
let traverson: HalServer | undefined
let jsonServer: (HalServer & { reset(): Promise<void> }) | undefined
let mock: MockServer | undefined
beforeAll(async () => {
  ;[traverson, jsonServer, mock] = await Promise.all([
    startTraversonTestServer(),
    startJsonServerHalApi(),
    createMockServer({ port: 0, log: false }),
  ])
})
afterAll(() => Promise.all([traverson?.close(), jsonServer?.close(), mock?.close()]))

describeHalServer(() => {
  const origin = traverson?.origin ?? ''
  return {
    name: 'traverson-test-server (express)',
    apiUrl: `${origin}/`,
    read: { rel: 'first', data: { first: 'document' } },
    // A HAL document with one embedded resource: a collection of one page.
    collection: { uri: `${origin}/first`, items: 1, pages: 1 },
    cached: `${origin}/first`,
    put: {
      uri: `${origin}/puttings/42`,
      body: { title: 'Put' },
      data: { document: 'overwritten', received: { title: 'Put' } },
    },
    // A 201 with neither Location nor self: the target names what it created (RFC 9110 §15.3.2).
    post: {
      uri: `${origin}/postings`,
      body: { title: 'Posted' },
      created: `${origin}/postings`,
      data: { document: 'created', received: { title: 'Posted' } },
    },
    delete: `${origin}/delete/me`,
  }
})

describeHalServer(() => {
  const origin = jsonServer?.origin ?? ''
  const articles = JSON_SERVER_SEED.articles.length
  return {
    name: 'json-server 0.17 rendered by halson (express)',
    apiUrl: `${origin}/api`,
    reset: async () => jsonServer?.reset(),
    read: { rel: 'ex:articles', variables: { _page: 1, _limit: 5 }, data: { total: articles } },
    collection: {
      uri: `${origin}/api/articles?_page=1&_limit=10`,
      items: articles,
      pages: Math.ceil(articles / 10),
    },
    cached: `${origin}/api/articles/1`,
    put: {
      uri: `${origin}/api/articles/2`,
      body: { title: 'Replaced' },
      data: { id: 2, title: 'Replaced' },
    },
    post: {
      uri: `${origin}/api/articles`,
      body: { title: 'Posted' },
      created: `${origin}/api/articles/${articles + 1}`,
      data: { id: articles + 1, title: 'Posted' },
    },
    delete: `${origin}/api/articles/3`,
    curie: { page: `${origin}/api/articles?_page=2&_limit=5`, rel: 'ex:comments' },
  }
})

describeHalServer(() => {
  const api = `${mock?.origin ?? ''}/api/v1.2`
  return {
    name: 'the Blog API mock (createMockServer)',
    apiUrl: api,
    reset: async () => mock?.api.reset(),
    read: { rel: 'doc:blog', variables: { blogId: 1 }, data: { title: 'Engineering blog' } },
    collection: { uri: `${api}/blogs/1/articles?pageSize=10`, items: 42, pages: 5 },
    cached: `${api}/blogs/1/articles/1`,
    put: {
      uri: `${api}/blogs/1/articles/1`,
      body: { title: 'Replaced', content: 'Body' },
      data: { id: 1, title: 'Replaced', content: 'Body' },
    },
    post: {
      uri: `${api}/blogs/1/articles`,
      body: { title: 'Posted' },
      created: `${api}/blogs/1/articles/43`,
      data: { id: 43 },
    },
    delete: `${api}/blogs/1/articles/2`,
  }
})
