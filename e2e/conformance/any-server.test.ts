import { createBlogApi } from '@halyard/mock/blog'
import { verifyTests } from '@halyard/mock/verify'
import { beforeAll, describe, expect, inject, it, test } from 'vitest'
import { transportWarnings } from '../../mock/test/contract/connection.case.js'
import { docsPageCases } from '../../mock/test/contract/docs.case.js'
import { API } from '../../mock/test/contract/helpers.js'
import { describeContract } from '../../mock/test/contract/suite.js'
import { foreignTarget } from './target.js'

// The conformance run against a server given by E2E_BASE_URL: `verify` on the Blog's definition
// (reads by the links, writes on records it creates and deletes again), plus every contract case
// that writes nothing (GraphQL and docs pages too). It needs no reset control and leaves the
// server's data as it found it.
const blog = createBlogApi()
const server = () => inject('server')

verifyTests(
  () => ({ url: server().apiUrl, api: blog, token: process.env.E2E_TOKEN ?? 'dev-token' }),
  { describe, test, beforeAll: (run) => beforeAll(run, 120_000) },
  blog,
)

// Every case of the contract suite that writes nothing: as strong as the suite run in-process,
// short of what needs the seed restored between cases.
describeContract(() => foreignTarget(server()))
describe(`Blog API v1.2, its docs pages: ${server().name}`, () => {
  docsPageCases(() => foreignTarget(server()))
})

// How a server's HTTP parser answers bytes it cannot parse is not the API's contract: what a run
// checks is that the server still answers afterwards, and what it finds are warnings.
describe('transport: requests node:http cannot parse (warnings only)', () => {
  it('the server answers before them, and any case after which it no longer does is a warning', async () => {
    const path = API
    const before = await fetch(`${server().origin}${path}`)
    await before.body?.cancel()
    expect(before.status, `GET ${path} before the transport cases`).toBe(200)
    for (const warning of await transportWarnings(server().origin, path)) console.warn(warning)
  })
})
