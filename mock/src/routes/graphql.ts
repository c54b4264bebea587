import { createGraphqlEndpoint } from '../graphql/index.js'
import { defineRoute, type Route, type Runtime } from './route.js'

/**
 * `GET` and `POST /graphql`: GraphQL over HTTP, delegated to graphql-http, which negotiates its own
 * media types and status codes. Persons come from the instance's current store.
 */
export function graphqlRoutes(runtime: Runtime): Route[] {
  const endpoint = createGraphqlEndpoint(
    { get: (id) => runtime.store().person(id) },
    runtime.options.graphql,
  )
  return (['GET', 'POST'] as const).map((method) =>
    defineRoute({
      method,
      path: '/graphql',
      produces: [],
      access: 'read',
      handle: ({ request }) => endpoint(request),
    }),
  )
}
