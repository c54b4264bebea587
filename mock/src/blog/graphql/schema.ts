/**
 * The GraphQL schema of the query-language endpoint (docs/api.md, GraphQL), built with graphql-js types:
 *
 * ```graphql
 * type Person { id: ID!  name: String!  friends: [Person!]! }
 * type Query  { person(id: ID!): Person }
 * ```
 *
 * @packageDocumentation
 */
import {
  GraphQLID,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  printSchema,
} from 'graphql'
import { friendsOf, type PersonDirectory, type PersonRecord } from './persons.js'

/**
 * Builds the executable schema; every resolver reads from `persons`, so the schema serves
 * whatever seed data it is given.
 *
 * @example
 * ```ts
 * import { graphql } from 'graphql'
 *
 * const schema = createPersonSchema(createPersonDirectory([{ id: '1', name: 'Ada', friendIds: [] }]))
 * await graphql({ schema, source: '{ person(id: "1") { name } }' })
 * // { data: { person: { name: 'Ada' } } }
 * ```
 */
export function createPersonSchema(persons: PersonDirectory): GraphQLSchema {
  const person: GraphQLObjectType<PersonRecord> = new GraphQLObjectType<PersonRecord>({
    name: 'Person',
    // A thunk, because `friends` refers to the type being defined.
    fields: () => ({
      id: { type: new GraphQLNonNull(GraphQLID) },
      name: { type: new GraphQLNonNull(GraphQLString) },
      friends: {
        type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(person))),
        resolve: (source) => [...friendsOf(persons, source)],
      },
    }),
  })

  const query = new GraphQLObjectType<undefined>({
    name: 'Query',
    fields: {
      person: {
        type: person,
        args: { id: { type: new GraphQLNonNull(GraphQLID) } },
        // ID! is coerced to a string before the resolver runs; unknown ids answer `null`.
        resolve: (_source, args: { readonly id: string }) => persons.get(args.id) ?? null,
      },
    },
  })

  return new GraphQLSchema({ query })
}

/**
 * The schema in SDL, for the endpoint's documentation page.
 *
 * @example
 * ```ts
 * personSchemaText() // 'type Query {\n  person(id: ID!): Person\n}…'
 * ```
 */
export const personSchemaText = (): string =>
  printSchema(createPersonSchema({ get: () => undefined }))
