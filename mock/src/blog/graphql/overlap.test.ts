import { parse } from 'graphql'
import { describe, expect, it } from 'vitest'
import { createGraphqlEndpoint } from './endpoint.js'
import { countOverlapComparisons, MAX_OVERLAP_COMPARISONS } from './overlap.js'
import { createPersonDirectory, type PersonRecord } from './persons.js'

// Eight persons, each with two friends (a ring and a chord), like the seed.
const records: PersonRecord[] = Array.from({ length: 8 }, (_, i) => ({
  id: String(i + 1),
  name: `Person ${i + 1}`,
  friendIds: [String(((i + 1) % 8) + 1), String(((i + 3) % 8) + 1)],
}))
const endpoint = createGraphqlEndpoint(createPersonDirectory(records))
const url = 'http://localhost/api/v1.2/graphql'

const count = (query: string) => countOverlapComparisons(parse(query), 1e9, 1e9)

async function post(query: string) {
  const response = await endpoint(
    new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query }),
    }),
  )
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** `friends { … }` twice at every level, `levels` deep: execution merges them into one chain. */
function doubledTree(levels: number): string {
  if (levels === 0) return 'id'
  const below = doubledTree(levels - 1)
  return `friends { ${below} } friends { ${below} }`
}

/** `count` fragments, each selecting `id`, spread side by side. */
function spreadTogether(count: number): string {
  const spreads = Array.from({ length: count }, (_, i) => `...F${i}`).join(' ')
  const fragments = Array.from({ length: count }, (_, i) => `fragment F${i} on Person { id }`)
  return `{ person(id: "1") { ${spreads} } } ${fragments.join(' ')}`
}

describe('countOverlapComparisons', () => {
  it('counts each ordered pair of fields that share a response key', () => {
    expect(count('{ person(id: "1") { id name } }').comparisons).toBe(0)
    expect(count(`{ person(id: "1") { ${'id '.repeat(10)} } }`).comparisons).toBe(90)
    // The three `friends` merge, then so do the three `id` below them.
    expect(count('{ person(id: "1") { friends { id } friends { id } friends { id } } }')).toEqual({
      comparisons: 6 + 6,
      selections: 1 + 3 + 3,
    })
  })

  it('counts the pairs of fragments spread together, and the fields beside them', () => {
    // 3 fragments: 3² pairs, 3 × 1 field beside them, 2 × 3 fields in them; then 4 `id`.
    const query = `{ person(id: "1") { id ...A ...B ...C } }
      fragment A on Person { id } fragment B on Person { id } fragment C on Person { id }`
    expect(count(query).comparisons).toBe(9 + 3 + 6 + 4 * 3)
  })

  it('walks a fragment spread in many places once per merged group, as validation does', () => {
    let tree = 'id'
    for (let level = 0; level < 9; level++)
      tree = `a: friends { ...T${level} } b: friends { ...T${level} }`
    const query = `{ person(id: "1") { ${tree} } } ${Array.from(
      { length: 9 },
      (_, i) => `fragment T${i} on Person { id name }`,
    ).join(' ')}`
    expect(count(query).comparisons).toBeLessThan(100)
  })

  it('stops soon after its bounds', () => {
    const repeated = parse(`{ person(id: "1") { ${'friends { id } '.repeat(2_400)} } }`)
    expect(countOverlapComparisons(repeated, 1_000, 1e9).comparisons).toBeLessThan(2_400 ** 2)
    const wide = parse(
      `{ person(id: "1") { ${Array.from({ length: 40 }, (_, i) => `a${i}: friends { ...W }`).join(' ')} } }
      fragment W on Person { ${Array.from({ length: 1_600 }, (_, i) => `n${i}: name`).join(' ')} }`,
    )
    expect(countOverlapComparisons(wide, 1e9, 1_000).selections).toBe(1_001)
  })
})

describe('GraphQL endpoint: overlap limit', () => {
  it.each([
    [
      'a response key selected 1 000 times',
      `{ person(id: "1") { ${'friends { id } '.repeat(1_000)} } }`,
    ],
    ['`friends` doubled at each of 9 levels', `{ person(id: "1") { ${doubledTree(9)} } }`],
    ['500 fragments spread together', spreadTogether(500)],
  ])('refuses %s with a GraphQL error, before validation', async (_, query) => {
    const { status, body } = await post(query)
    expect(status).toBe(400)
    expect(body).toStrictEqual({
      errors: [
        {
          message: `The document would need more than ${MAX_OVERLAP_COMPARISONS} comparisons of overlapping fields to be validated; select each field once in one place, and spread fewer fragments together.`,
          extensions: { code: 'DOCUMENT_TOO_COMPLEX', maxComparisons: MAX_OVERLAP_COMPARISONS },
        },
      ],
    })
  })

  it('refuses a document whose fragments, spread in place, make too many selections', async () => {
    const sites = Array.from({ length: 40 }, (_, i) => `a${i}: friends { ...W }`).join(' ')
    const names = Array.from({ length: 1_400 }, (_, i) => `n${i}: name`).join(' ')
    const { status, body } = await post(
      `{ person(id: "99") { ${sites} } } fragment W on Person { ${names} }`,
    )
    expect(status).toBe(400)
    expect(body).toMatchObject({
      errors: [
        {
          message: expect.stringMatching(/^The document spreads more than 50000 selections/),
          extensions: { code: 'DOCUMENT_TOO_COMPLEX', maxSelections: 50_000 },
        },
      ],
    })
  })

  it('answers repeated fields and overlapping fragments within the limit', async () => {
    const query = `{ person(id: "1") { id ${'name '.repeat(50)} ...F friends { ...F } ...F2 } }
      fragment F on Person { id name } fragment F2 on Person { ...F friends { id } }`
    const { status, body } = await post(query)
    expect(status).toBe(200)
    expect(body).toStrictEqual({
      data: {
        person: {
          id: '1',
          name: 'Person 1',
          friends: [
            { id: '2', name: 'Person 2' },
            { id: '4', name: 'Person 4' },
          ],
        },
      },
    })
  })
})
