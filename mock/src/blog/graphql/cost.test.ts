import {
  execute,
  getIntrospectionQuery,
  getOperationAST,
  getVariableValues,
  parse,
  type VariableValues,
} from 'graphql'
import { describe, expect, it } from 'vitest'
import { countAnswerFields } from './cost.js'
import { createGraphqlEndpoint } from './endpoint.js'
import { createPersonDirectory, type PersonRecord } from './persons.js'
import { createPersonSchema } from './schema.js'

// Eight persons, each with two friends (a ring and a chord), like the seed.
const records: PersonRecord[] = Array.from({ length: 8 }, (_, i) => ({
  id: String(i + 1),
  name: `Person ${i + 1}`,
  friendIds: [String(((i + 1) % 8) + 1), String(((i + 3) % 8) + 1)],
}))
const persons = createPersonDirectory(records)
const schema = createPersonSchema(persons)
const url = 'http://localhost/api/v1.2/graphql'

function measure(query: string, variables: Record<string, unknown> = {}, stopAfter = 1e9) {
  const document = parse(query)
  const operation = getOperationAST(document)
  if (!operation) throw new Error('no operation')
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables)
  if (!coerced.variableValues) throw new Error('bad variables')
  const variableValues: VariableValues = coerced.variableValues
  return countAnswerFields({ schema, document, operation, variableValues }, stopAfter)
}

/** Every field of an answer: each key of each object, and each item of a list of non-objects. */
function fieldsIn(value: unknown): number {
  if (Array.isArray(value)) {
    return value.reduce(
      (sum: number, item) => sum + (typeof item === 'object' && item !== null ? fieldsIn(item) : 1),
      0,
    )
  }
  if (typeof value !== 'object' || value === null) return 0
  return Object.values(value).reduce((sum: number, item) => sum + 1 + fieldsIn(item), 0)
}

async function executed(query: string, variables: Record<string, unknown> = {}) {
  const result = await execute({ schema, document: parse(query), variableValues: variables })
  expect(result.errors).toBeUndefined()
  return fieldsIn(result.data)
}

describe('countAnswerFields', () => {
  it.each([
    ['one field', '{ person(id: "1") { name } }'],
    ['an unknown person', '{ person(id: "99") { id name friends { id } } }'],
    ['nested friends', '{ person(id: "1") { id friends { name friends { id name } } } }'],
    [
      'repeated fields, merged once',
      '{ person(id: "1") { name name friends { id } friends { name } } }',
    ],
    [
      'aliases, each counted',
      '{ a: person(id: "1") { x: name y: name } b: person(id: "2") { id } }',
    ],
    [
      'fragments spread at every level',
      '{ person(id: "3") { ...F friends { ...F friends { ...F } } } } fragment F on Person { a: id b: name c: name }',
    ],
    [
      'inline fragments and __typename',
      '{ __typename person(id: "1") { ... on Person { __typename id } } }',
    ],
    ['introspection', getIntrospectionQuery()],
    [
      'a type by name',
      '{ __type(name: "Person") { name fields { name type { kind ofType { kind } } } } }',
    ],
  ])('counts exactly the fields of the answer: %s', async (_, query) => {
    expect(measure(query)).toBe(await executed(query))
  })

  it('honours @skip and @include as execution does', async () => {
    const query = `query ($skip: Boolean!) {
      person(id: "1") { id friends @skip(if: $skip) { name } other: friends @include(if: $skip) { id } }
    }`
    for (const skip of [true, false]) {
      expect(measure(query, { skip })).toBe(await executed(query, { skip }))
    }
  })

  it('stops soon after the limit for an answer of millions of fields', () => {
    const names = Array.from({ length: 5_000 }, (_, i) => `n${i}: name`).join(' ')
    let tree = '...Wide'
    for (let depth = 0; depth < 9; depth++) tree = `...Wide friends { ${tree} }`
    const query = `{ person(id: "1") { ${tree} } } fragment Wide on Person { ${names} }`
    // 1 023 persons × 5 000 names: about 5 million fields, a 100 MB answer.
    expect(measure(query, {}, 100_000)).toBe(100_001)
  })

  it('gives up on a query that merges many repeated fields for few answer fields', () => {
    // Every `friends` list merges 9 000 `name` fields into one: much work for a small answer.
    const friends = Array.from({ length: 1_400 }, (_, i) => `f${i}: friends { ...Same }`).join(' ')
    const query = `{ person(id: "1") { ${friends} } } fragment Same on Person { ${'name '.repeat(9_000)} }`
    expect(measure(query, {}, 1_000)).toBe(1_001)
  })
})

describe('GraphQL endpoint: field limit', () => {
  const post = (endpoint: (request: Request) => Promise<Response>, query: string) =>
    endpoint(
      new Request(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json',
        },
        body: JSON.stringify({ query }),
      }),
    )

  it('answers exactly maxFields fields and refuses one more, before executing', async () => {
    const query = '{ person(id: "1") { id friends { id name } } }' // 1 + 2 + 2 × 2
    const at = await post(createGraphqlEndpoint(persons, { maxFields: 7 }), query)
    expect(at.status).toBe(200)
    const over = await post(createGraphqlEndpoint(persons, { maxFields: 6 }), query)
    expect(over.status).toBe(400)
    expect(await over.json()).toStrictEqual({
      errors: [
        {
          message:
            'The answer would contain more than 6 fields; select fewer fields, aliases or friends.',
          locations: [{ line: 1, column: 1 }],
          extensions: { code: 'FIELD_LIMIT_EXCEEDED', maxFields: 6 },
        },
      ],
    })
  })

  it('refuses introspection multiplied by aliases through fragments', async () => {
    // Every field of every type, twenty times over: about 5 000 fields from a 1.5 KB query.
    const aliases = Array.from(
      { length: 20 },
      (_, i) => `f${i}: fields { name type { name kind } }`,
    )
    const query = `{ __schema { types { ...All } } } fragment All on __Type { ${aliases.join(' ')} }`
    const response = await post(createGraphqlEndpoint(persons, { maxFields: 1_000 }), query)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      errors: [{ extensions: { code: 'FIELD_LIMIT_EXCEEDED' } }],
    })
  })

  it('rejects a maxFields that is not a positive integer when created', () => {
    expect(() => createGraphqlEndpoint(persons, { maxFields: 0 })).toThrow(RangeError)
  })
})

describe('GraphQL endpoint: bounded requests', () => {
  const endpoint = createGraphqlEndpoint(persons)

  it('answers 413 to a body over 1 MiB after reading little more than 1 MiB of it', async () => {
    let pulled = 0
    const chunk = new Uint8Array(64 * 1024).fill(0x20)
    // 500 MB of spaces, were it read to the end.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 500 * 1024 * 1024) controller.close()
        pulled += chunk.byteLength
        controller.enqueue(chunk)
      },
    })
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    }
    const response = await endpoint(new Request(url, init))
    expect(response.status).toBe(413)
    expect(pulled).toBeLessThan(2 * 1024 * 1024)
  })

  it('answers 413 at once when Content-Length says the body is over 1 MiB', async () => {
    const response = await endpoint(
      new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(2 ** 30) },
        body: '{}',
      }),
    )
    expect(response.status).toBe(413)
  })

  it('answers 414 to a GET whose URL is over 1 MiB', async () => {
    const query = `{ person(id: "1") { id } } ${'#'.repeat(1024 * 1024)}`
    const response = await endpoint(new Request(`${url}?query=${encodeURIComponent(query)}`))
    expect(response.status).toBe(414)
  })

  it('answers a 77 KB query that once made a 500 with an empty body with a GraphQL error', async () => {
    const names = Array.from({ length: 6_000 }, (_, i) => `alias${i}: name`).join(' ')
    let tree = '...Wide'
    for (let depth = 0; depth < 9; depth++) tree = `...Wide friends { ${tree} }`
    const query = `{ person(id: "1") { ${tree} } } fragment Wide on Person { ${names} }`
    expect(query.length).toBeGreaterThan(77_000)
    const response = await post(endpoint, query)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ errors: [{ message: expect.any(String) }] })
  })

  it('refuses an amplification query within the token limit before executing it', async () => {
    // 1 600 names on each of 1 023 persons: 1.6 million fields from a 19 KB query.
    const names = Array.from({ length: 1_600 }, (_, i) => `n${i}: name`).join(' ')
    let tree = '...Wide'
    for (let depth = 0; depth < 9; depth++) tree = `...Wide friends { ${tree} }`
    const query = `{ person(id: "1") { ${tree} } } fragment Wide on Person { ${names} }`
    const response = await post(endpoint, query)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      errors: [{ extensions: { code: 'FIELD_LIMIT_EXCEEDED', maxFields: 30_001 } }],
    })
  })

  const post = (handler: typeof endpoint, query: string) =>
    handler(
      new Request(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json',
        },
        body: JSON.stringify({ query }),
      }),
    )
})
