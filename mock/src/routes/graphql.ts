import { printSchema } from 'graphql'
import { createGraphqlEndpoint, createPersonSchema } from '../graphql/index.js'
import { accepts, HTML_TYPES } from '../http/negotiation.js'
import { docPage, RELATIONS } from '../representations/docs.js'
import { html } from './docs.js'
import { defineRoute, type Route, type Runtime } from './route.js'

/** The schema in SDL, for the endpoint's documentation page. */
const SCHEMA = printSchema(createPersonSchema({ get: () => undefined }))

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
      handle({ request, url }) {
        // The root links here (`doc:graphql`): a GET without a query that accepts HTML (a browser,
        // a link checker) gets the endpoint's documentation, not a 400, so the link does not
        // dangle (CONTRACT §1). GraphQL clients, which ask for JSON, still get graphql-http's answer.
        if (
          method === 'GET' &&
          !url.searchParams.has('query') &&
          accepts(request.headers, HTML_TYPES)
        ) {
          return html(
            docPage('Blog API v1.2 GraphQL endpoint', `${RELATIONS.graphql} Schema: ${SCHEMA}`),
          )
        }
        // HEAD is answered as the GET it stands for (graphql-http only knows GET and POST); the
        // route runner drops the body.
        return endpoint(
          request.method === 'HEAD' ? new Request(request, { method: 'GET' }) : request,
        )
      },
    }),
  )
}
