import { describe, expect, it } from 'vitest'
import { type Answer, client, expectProblem, itWriting, paths } from './helpers.js'
import type { ContractTarget } from './target.js'

interface GraphqlResult {
  data?: { person: Person | null } | null
  errors?: { message: string }[]
}
interface Person {
  id?: string
  name?: string
  friends?: Person[]
}

/** docs/api.md, GraphQL: smoke cases of the query-language endpoint over HTTP (details are tested elsewhere). */
export function graphqlCases(target: () => ContractTarget): void {
  const api = client(target)
  // Cases that write need the seed restored before each (not registered where it cannot be).
  const writes = itWriting(target)
  const post = (body: unknown, accept = 'application/json') =>
    api.request(paths.graphql(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept },
      body: JSON.stringify(body),
    })
  const result = (answer: Answer) => {
    expect(answer.headers.get('content-type')).toMatch(
      /^application\/(graphql-response\+)?json\s*(;|$)/,
    )
    return answer.json<GraphqlResult>()
  }
  /** Every key of every object in a result, to check that exactly the selection came back. */
  const keysOf = (person: Person | null | undefined): string[] =>
    person ? Object.keys(person).sort() : []

  describe('graphql', () => {
    it('POST answers exactly the selected fields, nested', async () => {
      const answer = await post({
        query: '{ person(id: "1") { id name friends { name friends { id } } } }',
      })
      expect(answer.status).toBe(200)
      const { data, errors } = result(answer)
      expect(errors).toBeUndefined()
      const person = data?.person
      expect(keysOf(person)).toEqual(['friends', 'id', 'name'])
      expect(person).toMatchObject({ id: '1', name: expect.any(String) })
      expect(person?.friends?.length).toBeGreaterThanOrEqual(1)
      for (const friend of person?.friends ?? []) {
        expect(keysOf(friend)).toEqual(['friends', 'name'])
        for (const next of friend.friends ?? []) expect(keysOf(next)).toEqual(['id'])
      }
    })

    it('GET ?query= answers the same data as POST', async () => {
      const query = '{ person(id: "2") { id name friends { id } } }'
      const get = await api.get(paths.graphql(query), { accept: 'application/json' })
      const posted = await post({ query })
      expect(get.status).toBe(200)
      expect(result(get)).toEqual(result(posted))
      expect(result(get).data?.person?.id).toBe('2')
    })

    it('variables and operationName are honoured', async () => {
      const answer = await post({
        query: 'query A($id: ID!) { person(id: $id) { id } } query B { person(id: "1") { id } }',
        variables: { id: '8' },
        operationName: 'A',
      })
      expect(answer.status).toBe(200)
      expect(result(answer)).toEqual({ data: { person: { id: '8' } } })
    })

    it('persons "1" to "8" exist, each with at least one friend', async () => {
      for (let id = 1; id <= 8; id++) {
        const answer = await post({ query: `{ person(id: "${id}") { id friends { id } } }` })
        const person = result(answer).data?.person
        expect(person?.id).toBe(String(id))
        expect(person?.friends?.length).toBeGreaterThanOrEqual(1)
      }
    })

    it('an unknown person is null', async () => {
      const answer = await post({ query: '{ person(id: "999") { id } }' })
      expect(answer.status).toBe(200)
      expect(result(answer)).toEqual({ data: { person: null } })
    })

    it.each([
      ['an unknown field', '{ person(id: "1") { nope } }'],
      ['a missing argument', '{ person { id } }'],
      ['a syntax error', '{ person(id: "1") { id '],
      ['a selection on a leaf', '{ person(id: "1") { id { x } } }'],
    ])('%s answers GraphQL errors and no data', async (_, query) => {
      for (const accept of ['application/json', 'application/graphql-response+json']) {
        const answer = await post({ query }, accept)
        // GraphQL over HTTP: 200 under application/json, 4xx under graphql-response+json.
        expect(answer.status).toBe(accept === 'application/json' ? 200 : 400)
        const { data, errors } = result(answer)
        expect(data).toBeUndefined()
        expect(errors?.length).toBeGreaterThanOrEqual(1)
        for (const error of errors ?? []) expect(error.message).toEqual(expect.any(String))
      }
    })

    it('GET without a query: documentation for a browser, a GraphQL error for a client', async () => {
      const page = await api.get(paths.graphql(), { accept: 'text/html' })
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toMatch(/^text\/html/)
      const answer = await api.get(paths.graphql(), { accept: 'application/json' })
      // A request error (no query), which GraphQL over HTTP answers with a 4xx.
      expect(answer.status).toBeGreaterThanOrEqual(400)
      expect(answer.status).toBeLessThan(500)
      expect(result(answer).errors?.length).toBeGreaterThanOrEqual(1)
    })

    it('a query nested deeper than 10 levels is refused before execution', async () => {
      let selection = 'id'
      for (let depth = 0; depth < 11; depth++) selection = `friends { ${selection} }`
      const answer = await post({ query: `{ person(id: "1") { ${selection} } }` })
      const { data, errors } = result(answer)
      expect(data ?? undefined).toBeUndefined()
      expect(errors?.length).toBeGreaterThanOrEqual(1)
    })

    it('a query within the depth limit touching more than 10 000 persons is refused', async () => {
      // Two aliased friend lists at each of 9 levels: at least 2⁰ + … + 2⁹ = 1 023 persons per
      // root whatever the friends (each has one at least), 10 roots: at least 10 230, depth 10.
      const levels = Array.from({ length: 9 }, (_, i) =>
        i === 0
          ? 'fragment L1 on Person { id a: friends { id } b: friends { id } }'
          : `fragment L${i + 1} on Person { id a: friends { ...L${i} } b: friends { ...L${i} } }`,
      )
      const roots = Array.from(
        { length: 10 },
        (_, i) => `p${i}: person(id: "${(i % 8) + 1}") { ...L9 }`,
      )
      const answer = await post({ query: `{ ${roots.join(' ')} } ${levels.join(' ')}` })
      expect(answer.status).toBe(200)
      const { data, errors } = result(answer)
      expect(data ?? undefined).toBeUndefined()
      expect(errors?.length).toBeGreaterThanOrEqual(1)
      expect(answer.text.length).toBeLessThan(10_000)
    })

    it('GET carries variables and operationName in the query string', async () => {
      const query =
        'query A($id: ID!) { person(id: $id) { id } } query B { person(id: "1") { id } }'
      const search = new URLSearchParams({
        query,
        variables: JSON.stringify({ id: '7' }),
        operationName: 'A',
      })
      const answer = await api.get(`${paths.graphql()}?${search}`, { accept: 'application/json' })
      expect(answer.status).toBe(200)
      expect(result(answer)).toEqual({ data: { person: { id: '7' } } })
    })

    it('a small query asking for a huge answer is refused before execution, not a 500', async () => {
      // 3 000 aliased names spread on every node of eight five-level friend trees: at least
      // 8 × 5 × 3 000 = 120 000 fields whatever the friends, in a query of 36 KB.
      const names = Array.from({ length: 3_000 }, (_, i) => `n${i}: name`).join(' ')
      const tree =
        '...Wide friends { ...Wide friends { ...Wide friends { ...Wide friends { ...Wide } } } }'
      const roots = Array.from({ length: 8 }, (_, i) => `p${i}: person(id: "${i + 1}") { ${tree} }`)
      const query = `{ ${roots.join(' ')} } fragment Wide on Person { ${names} }`
      for (const accept of ['application/json', 'application/graphql-response+json']) {
        const answer = await post({ query }, accept)
        expect(answer.status).toBe(accept === 'application/json' ? 200 : 400)
        const { data, errors } = result(answer)
        expect(data ?? undefined).toBeUndefined()
        expect(errors?.length).toBeGreaterThanOrEqual(1)
        expect(answer.text.length).toBeLessThan(10_000)
      }
    })

    it.each([
      [
        'a response key selected 1 000 times',
        `{ person(id: "1") { ${'friends { id } '.repeat(1_000)} } }`,
      ],
      [
        '500 fragments spread together',
        `{ person(id: "1") { ${Array.from({ length: 500 }, (_, i) => `...F${i}`).join(' ')} } } ${Array.from({ length: 500 }, (_, i) => `fragment F${i} on Person { id }`).join(' ')}`,
      ],
    ])(
      'a document that would take long to validate, %s, answers a GraphQL error',
      async (_, query) => {
        const answer = await post({ query })
        expect(answer.status).toBe(200)
        const { data, errors } = result(answer)
        expect(data ?? undefined).toBeUndefined()
        expect(errors?.length).toBeGreaterThanOrEqual(1)
        for (const error of errors ?? []) expect(error.message).toEqual(expect.any(String))
      },
    )

    writes(
      'a body over 1 MiB is 413 problem details, and the next request is answered',
      async () => {
        const padding = ' '.repeat(1024 * 1024)
        const answer = await api.request(paths.graphql(), {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: `{"query": "{ person(id: \\"1\\") { id } }"${padding}}`,
        })
        expectProblem(answer, 413, 'a body of 1 MiB and more')
        const next = await post({ query: '{ person(id: "1") { id } }' })
        expect(result(next)).toEqual({ data: { person: { id: '1' } } })
      },
    )

    writes('refusals of the HTTP exchange itself are problem details (405, 406, 415)', async () => {
      const mutation = `${paths.graphql()}?query=${encodeURIComponent('mutation { x }')}`
      const overGet = await api.get(mutation, { accept: 'application/json' })
      expectProblem(overGet, 405, 'a mutation over GET')
      expect(overGet.headers.get('allow')).toBe('POST')
      expectProblem(
        await post({ query: '{ person(id: "1") { id } }' }, 'text/csv'),
        406,
        'Accept text/csv',
      )
      const asText = await api.request(paths.graphql(), {
        method: 'POST',
        headers: { 'content-type': 'text/plain', accept: 'application/json' },
        body: JSON.stringify({ query: '{ person(id: "1") { id } }' }),
      })
      expectProblem(asText, 415, 'a text/plain body')
    })
  })
}
