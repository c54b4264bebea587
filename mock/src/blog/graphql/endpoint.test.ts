import { describe, expect, it } from 'vitest'
import { createGraphqlEndpoint } from './endpoint.js'
import { createPersonDirectory, type PersonDirectory, type PersonRecord } from './persons.js'

const url = 'http://localhost/api/v1.2/graphql'
const graphqlResponse = 'application/graphql-response+json'

const names = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Tony']
const ids = names.map((_, index) => String(index + 1))
const nameOf = (id: string) => names[Number(id) - 1]
const nextOf = (id: string) => String((Number(id) % names.length) + 1)

// A ring, 1 → 2 → … → 8 → 1: one friend each, so a query of any depth has a small, known answer.
// Person 8 also lists a friend who is not in the directory.
const ring: PersonRecord[] = ids.map((id) => ({
  id,
  name: nameOf(id) ?? '',
  friendIds: id === '8' ? [nextOf(id), 'ghost'] : [nextOf(id)],
}))

// Everyone befriends everyone else: seven friends each, so nodes multiply by 7 per level.
const dense: PersonRecord[] = ids.map((id) => ({
  id,
  name: nameOf(id) ?? '',
  friendIds: ids.filter((other) => other !== id),
}))

/** A directory that counts its lookups, to tell whether anything was resolved. */
function counted(records: readonly PersonRecord[]): PersonDirectory & { lookups: number } {
  const inner = createPersonDirectory(records)
  const directory = {
    lookups: 0,
    get(id: string) {
      directory.lookups += 1
      return inner.get(id)
    },
  }
  return directory
}

type Endpoint = (request: Request) => Promise<Response>

interface Answer {
  readonly status: number
  readonly contentType: string | null
  readonly body: unknown
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text()
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: text === '' ? undefined : JSON.parse(text),
  }
}

async function post(
  endpoint: Endpoint,
  payload: { query: string; variables?: Record<string, unknown>; operationName?: string },
  accept = graphqlResponse,
): Promise<Answer> {
  const request = new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept },
    body: JSON.stringify(payload),
  })
  return answer(await endpoint(request))
}

async function get(endpoint: Endpoint, params: Record<string, string>, accept?: string) {
  const search = new URLSearchParams(params)
  const headers: Record<string, string> = accept === undefined ? {} : { accept }
  return endpoint(new Request(`${url}?${search}`, { headers }))
}

/** `{ person(id: "1") { id friends { id … friends { id name } } } }`, `depth` object fields deep. */
function chainQuery(depth: number): string {
  const open = 'id friends { '.repeat(depth - 1)
  const close = ' }'.repeat(depth - 1)
  return `{ person(id: "1") { ${open}id name${close} } }`
}

/** The answer to `chainQuery(depth)` on the ring, built from the ring's definition. */
function chainAnswer(depth: number, id = '1'): Record<string, unknown> {
  if (depth === 1) return { id, name: nameOf(id) }
  return { id, friends: [chainAnswer(depth - 1, nextOf(id))] }
}

/** `person(id:) { id friends { id … { id } } }` with `levels` object fields, for the dense graph. */
function fanOut(alias: string, id: string, levels: number): string {
  const open = 'id friends { '.repeat(levels - 1)
  const close = ' }'.repeat(levels - 1)
  return `${alias}: person(id: "${id}") { ${open}id${close} }`
}

/** Counts the Person objects (objects with an `id`) in an answer. */
function personsIn(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + personsIn(item), 0)
  if (typeof value !== 'object' || value === null) return 0
  const own = 'id' in value ? 1 : 0
  return Object.values(value).reduce((sum: number, item) => sum + personsIn(item), own)
}

describe('GraphQL endpoint: selections', () => {
  const endpoint = createGraphqlEndpoint(createPersonDirectory(ring))

  it('answers exactly the selected fields at depth 1', async () => {
    const both = await post(endpoint, { query: '{ person(id: "1") { id name } }' })
    expect(both.status).toBe(200)
    expect(both.contentType).toBe(`${graphqlResponse}; charset=utf-8`)
    expect(both.body).toStrictEqual({ data: { person: { id: '1', name: 'Ada' } } })

    const nameOnly = await post(endpoint, { query: '{ person(id: "2") { name } }' })
    expect(nameOnly.body).toStrictEqual({ data: { person: { name: 'Grace' } } })
  })

  it('answers exactly the selected fields at depth 3', async () => {
    const { status, body } = await post(endpoint, {
      query: '{ person(id: "1") { name friends { id friends { name } } } }',
    })
    expect(status).toBe(200)
    expect(body).toStrictEqual({
      data: { person: { name: 'Ada', friends: [{ id: '2', friends: [{ name: 'Alan' }] }] } },
    })
  })

  it('answers exactly the selected fields at depth 10, around the cycle', async () => {
    const { status, body } = await post(endpoint, { query: chainQuery(10) })
    expect(status).toBe(200)
    expect(body).toStrictEqual({ data: { person: chainAnswer(10) } })
    // The ring has 8 persons, so depth 10 comes back round to person 2.
    expect(JSON.stringify(body)).toContain('{"id":"2","name":"Grace"}')
  })

  it('answers aliases and named and inline fragments', async () => {
    const { status, body } = await post(endpoint, {
      query: `{
        first: person(id: "1") { ...Names }
        second: person(id: "2") { who: name ... on Person { pals: friends { id } } }
      }
      fragment Names on Person { name friends { ...Ids } }
      fragment Ids on Person { id }`,
    })
    expect(status).toBe(200)
    expect(body).toStrictEqual({
      data: {
        first: { name: 'Ada', friends: [{ id: '2' }] },
        second: { who: 'Grace', pals: [{ id: '3' }] },
      },
    })
  })

  it('uses variables, operationName and @include', async () => {
    const query = `
      query Other { person(id: "5") { name } }
      query Pick($id: ID!, $withFriends: Boolean!) {
        person(id: $id) { name friends @include(if: $withFriends) { name } }
      }`
    const withFriends = await post(endpoint, {
      query,
      operationName: 'Pick',
      variables: { id: '4', withFriends: true },
    })
    expect(withFriends.body).toStrictEqual({
      data: { person: { name: 'Edsger', friends: [{ name: 'Barbara' }] } },
    })
    const without = await post(endpoint, {
      query,
      operationName: 'Pick',
      variables: { id: '4', withFriends: false },
    })
    expect(without.body).toStrictEqual({ data: { person: { name: 'Edsger' } } })
  })

  it('answers person: null for an unknown id', async () => {
    const { status, body } = await post(endpoint, { query: '{ person(id: "404") { id name } }' })
    expect(status).toBe(200)
    expect(body).toStrictEqual({ data: { person: null } })
  })

  it('leaves out friends missing from the directory', async () => {
    const { body } = await post(endpoint, { query: '{ person(id: "8") { friends { id } } }' })
    expect(body).toStrictEqual({ data: { person: { friends: [{ id: '1' }] } } })
  })
})

describe('GraphQL endpoint: GraphQL over HTTP', () => {
  const endpoint = createGraphqlEndpoint(createPersonDirectory(ring))

  it('answers GET ?query= with application/json by default', async () => {
    const response = await get(endpoint, { query: '{ person(id: 3) { name } }' })
    const { status, contentType, body } = await answer(response)
    expect(status).toBe(200)
    expect(contentType).toBe('application/json; charset=utf-8')
    expect(body).toStrictEqual({ data: { person: { name: 'Alan' } } })
  })

  it('answers GET with URL-encoded variables', async () => {
    const response = await get(
      endpoint,
      { query: 'query ($id: ID!) { person(id: $id) { id } }', variables: '{"id":"6"}' },
      graphqlResponse,
    )
    expect(await answer(response)).toStrictEqual({
      status: 200,
      contentType: `${graphqlResponse}; charset=utf-8`,
      body: { data: { person: { id: '6' } } },
    })
  })

  it('refuses a mutation over GET with 405 and Allow: POST', async () => {
    const response = await get(endpoint, { query: 'mutation { person }' }, graphqlResponse)
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
    const { body } = await answer(response)
    expect(body).toMatchObject({ errors: [{ message: 'Cannot perform mutations over GET' }] })
  })

  it('answers a mutation over POST with validation errors: the schema has none', async () => {
    const { status, body } = await post(endpoint, { query: 'mutation { person }' })
    expect(status).toBe(400)
    expect(body).toMatchObject({ errors: [{ message: expect.stringMatching(/mutation/i) }] })
    expect(body).not.toHaveProperty('data')
  })

  it('refuses other methods with 405 and Allow: GET, POST', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const response = await endpoint(new Request(url, { method, body: '{}' }))
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('GET, POST')
    }
  })

  it('refuses a POST body that is not JSON with 415', async () => {
    const response = await endpoint(
      new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '{ person(id: "1") { id } }',
      }),
    )
    expect(response.status).toBe(415)
  })

  it('refuses an unacceptable Accept with 406', async () => {
    const response = await get(endpoint, { query: '{ __typename }' }, 'text/html')
    expect(response.status).toBe(406)
  })

  it('answers an invalid query with 400 and errors under application/graphql-response+json', async () => {
    const { status, contentType, body } = await post(endpoint, {
      query: '{ person(id: "1") { age } }',
    })
    expect(status).toBe(400)
    expect(contentType).toBe(`${graphqlResponse}; charset=utf-8`)
    expect(body).toStrictEqual({
      errors: [
        {
          message: 'Cannot query field "age" on type "Person". Did you mean "name"?',
          locations: [{ line: 1, column: 21 }],
        },
      ],
    })
  })

  it('answers an invalid query with 200 and errors under application/json', async () => {
    const { status, contentType, body } = await post(
      endpoint,
      { query: '{ person(id: "1") { age } }' },
      'application/json',
    )
    expect(status).toBe(200)
    expect(contentType).toBe('application/json; charset=utf-8')
    expect(body).toMatchObject({
      errors: [{ message: 'Cannot query field "age" on type "Person". Did you mean "name"?' }],
    })
    expect(body).not.toHaveProperty('data')
  })

  it('answers a syntax error with 400 and its location', async () => {
    const { status, body } = await post(endpoint, { query: '{ person(id: "1") { id }' })
    expect(status).toBe(400)
    expect(body).toMatchObject({
      errors: [{ message: expect.stringContaining('Syntax Error'), locations: [{ line: 1 }] }],
    })
  })

  it('answers a variable that cannot be coerced with 400', async () => {
    const { status, body } = await post(endpoint, {
      query: 'query ($id: ID!) { person(id: $id) { id } }',
      variables: { id: null },
    })
    expect(status).toBe(400)
    expect(body).toMatchObject({ errors: [{ message: expect.stringContaining('"$id"') }] })
    expect(body).not.toHaveProperty('data')
  })

  it('answers malformed JSON with 400 instead of throwing', async () => {
    const bodies = ['{"query": ', '[1, 2]', '']
    for (const body of bodies) {
      const response = await endpoint(
        new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
      )
      expect(response.status).toBe(400)
      expect(await answer(response)).toMatchObject({ body: { errors: [{}] } })
    }
  })

  it('answers a request whose body cannot be read instead of rejecting', async () => {
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('connection reset'))
      },
    })
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: failing,
      duplex: 'half',
    }
    const response = await endpoint(new Request(url, init))
    expect(response.status).toBe(400)
  })

  it('refuses huge documents with 400 and no stack trace', async () => {
    const tooLong = `{ person(id: "1") { ${'id '.repeat(100_000)}} }`
    const tooNested = `{ person(id: "1") { ${'... on Person { '.repeat(5_000)}id${' }'.repeat(5_000)} } }`
    for (const query of [tooLong, tooNested]) {
      const response = await endpoint(
        new Request(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: graphqlResponse },
          body: JSON.stringify({ query }),
        }),
      )
      const text = await response.text()
      expect(response.status).toBe(400)
      expect(JSON.parse(text)).toMatchObject({ errors: [{ message: expect.any(String) }] })
      expect(text).not.toMatch(/\bat .*:\d+:\d+/)
    }
  })
})

describe('GraphQL endpoint: depth limit', () => {
  it('refuses depth 11 before executing anything', async () => {
    const persons = counted(ring)
    const endpoint = createGraphqlEndpoint(persons)
    const { status, body } = await post(endpoint, { query: chainQuery(11) })
    expect(status).toBe(400)
    expect(body).toMatchObject({
      errors: [
        {
          message: 'The operation nests fields deeper than the maximum depth of 10.',
          extensions: { code: 'DEPTH_LIMIT_EXCEEDED', maxDepth: 10 },
        },
      ],
    })
    expect(body).not.toHaveProperty('data')
    expect(persons.lookups).toBe(0)
  })

  it('counts depth through named and inline fragments', async () => {
    const endpoint = createGraphqlEndpoint(createPersonDirectory(ring))
    const nine = 'friends { '.repeat(8)
    const close = ' }'.repeat(8)
    const throughFragments = (extra: string) => `{ person(id: "1") { ...Deep } }
      fragment Deep on Person { ${nine}... on Person { ...Leaf } ${close} }
      fragment Leaf on Person { id ${extra} }`
    // person + 8 friends = depth 9; `Leaf` adds nothing, or one more level, or two.
    expect((await post(endpoint, { query: throughFragments('') })).status).toBe(200)
    expect((await post(endpoint, { query: throughFragments('friends { id }') })).status).toBe(200)
    const tooDeep = await post(endpoint, { query: throughFragments('friends { friends { id } }') })
    expect(tooDeep.status).toBe(400)
    expect(tooDeep.body).toMatchObject({
      errors: [{ extensions: { code: 'DEPTH_LIMIT_EXCEEDED' } }],
    })
  })

  it('answers fragment cycles with a validation error instead of hanging', async () => {
    const endpoint = createGraphqlEndpoint(createPersonDirectory(ring))
    const { status, body } = await post(endpoint, {
      query: `{ person(id: "1") { ...A } }
        fragment A on Person { friends { ...B } }
        fragment B on Person { friends { ...A } }`,
    })
    expect(status).toBe(400)
    expect(body).toMatchObject({ errors: [{ message: expect.stringContaining('within itself') }] })
  })

  it('applies a configured maxDepth', async () => {
    const endpoint = createGraphqlEndpoint(createPersonDirectory(ring), { maxDepth: 2 })
    expect((await post(endpoint, { query: chainQuery(2) })).status).toBe(200)
    const refused = await post(endpoint, { query: chainQuery(3) })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ errors: [{ extensions: { maxDepth: 2 } }] })
  })

  it('rejects limits that are not positive integers when created', () => {
    const persons = createPersonDirectory(ring)
    expect(() => createGraphqlEndpoint(persons, { maxDepth: 0 })).toThrow(RangeError)
    expect(() => createGraphqlEndpoint(persons, { maxNodes: Number.NaN })).toThrow(RangeError)
  })
})

describe('GraphQL endpoint: node limit', () => {
  // On the dense graph one `person` with four nested `friends` touches 1 + 7 + 49 + 343 + 2401.
  const perRoot = 2801

  it('answers a wide query just under 10 000 nodes', async () => {
    const endpoint = createGraphqlEndpoint(createPersonDirectory(dense))
    const query = `{ ${['a', 'b', 'c'].map((alias, i) => fanOut(alias, String(i + 1), 5)).join(' ')} }`
    const { status, body } = await post(endpoint, { query })
    expect(status).toBe(200)
    expect(personsIn(body)).toBe(3 * perRoot)
  })

  it('refuses a wide query over 10 000 nodes, before executing it', async () => {
    const persons = counted(dense)
    const endpoint = createGraphqlEndpoint(persons)
    const query = `{ ${['a', 'b', 'c', 'd'].map((alias, i) => fanOut(alias, String(i + 1), 5)).join(' ')} }`
    const { status, body } = await post(endpoint, { query })
    expect(status).toBe(400)
    expect(body).toStrictEqual({
      errors: [
        {
          message:
            'The operation would touch more than 10000 Person nodes; select fewer friends or nest them less deeply.',
          locations: [{ line: 1, column: 1 }],
          extensions: { code: 'NODE_LIMIT_EXCEEDED', maxNodes: 10000 },
        },
      ],
    })
    // Executing would have looked up all 4 × 2801 persons on top of the count.
    expect(persons.lookups).toBeLessThanOrEqual(10_001)
  })

  it('stops counting at the limit for a query with millions of nodes', async () => {
    const persons = counted(dense)
    const endpoint = createGraphqlEndpoint(persons)
    // Depth 10 over seven friends each: 1 + 7 + … + 7⁹, about 47 million nodes.
    const { status, body } = await post(endpoint, { query: `{ ${fanOut('p', '1', 10)} }` })
    expect(status).toBe(400)
    expect(body).toMatchObject({ errors: [{ extensions: { code: 'NODE_LIMIT_EXCEEDED' } }] })
    expect(persons.lookups).toBeLessThanOrEqual(10_001)
  })

  it('allows exactly maxNodes and refuses one more', async () => {
    const persons = createPersonDirectory(dense)
    const query = `{ ${fanOut('p', '1', 3)} }` // 1 + 7 + 49
    expect((await post(createGraphqlEndpoint(persons, { maxNodes: 57 }), { query })).status).toBe(
      200,
    )
    expect((await post(createGraphqlEndpoint(persons, { maxNodes: 56 }), { query })).status).toBe(
      400,
    )
  })

  it('counts repeated fields once and aliases separately, as execution does', async () => {
    const endpoint = createGraphqlEndpoint(createPersonDirectory(dense), { maxNodes: 8 })
    const merged = await post(endpoint, {
      query: '{ person(id: "1") { friends { id } friends { name } } }',
    })
    expect(merged.status).toBe(200)
    const aliased = await post(endpoint, {
      query: '{ person(id: "1") { a: friends { id } b: friends { name } } }',
    })
    expect(aliased.status).toBe(400)
  })

  it('counts through fragments and honours @skip', async () => {
    const endpoint = createGraphqlEndpoint(createPersonDirectory(dense), { maxNodes: 8 })
    const query = `query ($skip: Boolean!) { person(id: "1") { ...F ... on Person { more: friends @skip(if: $skip) { id } } } }
      fragment F on Person { friends { id } }`
    expect((await post(endpoint, { query, variables: { skip: true } })).status).toBe(200)
    expect((await post(endpoint, { query, variables: { skip: false } })).status).toBe(400)
  })
})
