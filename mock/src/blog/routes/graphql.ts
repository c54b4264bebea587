import { type HalRoute, Problem } from '../../index.js'
import { accepts, HTML_TYPES, MAX_BODY_BYTES } from '../../kit.js'
import { checkedLimits } from '../graphql/checked-limits.js'
import type { GraphqlLimits } from '../graphql/index.js'
import { docPage, RELATIONS } from '../representations/docs.js'
import type { PersonRecord } from '../schemas.js'
import { html } from './docs.js'

/** Finds a person of the query-language endpoint by id, in the instance's current data. */
export type PersonLookup = (id: string) => PersonRecord | undefined

/** The endpoint's code, with graphql-js: loaded by the first request to it, not by the mock's start. */
const endpointModule = () => import('../graphql/index.js')

/**
 * `GET` and `POST /graphql`: GraphQL over HTTP, delegated to graphql-http, which negotiates its own
 * media types and status codes. Persons come from the instance's current store.
 *
 * @throws {RangeError} naming a limit that is not a positive integer.
 */
export function graphqlRoutes(persons: PersonLookup, limits: GraphqlLimits): HalRoute[] {
  checkedLimits(limits)
  let endpoint: Promise<(request: Request) => Promise<Response>> | undefined
  let schema: Promise<string> | undefined
  const ready = () =>
    (endpoint ??= endpointModule().then((m) => m.createGraphqlEndpoint({ get: persons }, limits)))
  const schemaText = () => (schema ??= endpointModule().then((m) => m.personSchemaText()))
  return (['GET', 'POST'] as const).map(
    (method): HalRoute => ({
      method,
      path: '/graphql',
      produces: [],
      access: 'read',
      openapi: GRAPHQL_OPERATIONS[method],
      async handle({ http: request, url }) {
        // The root links here (`doc:graphql`): a GET without a query that accepts HTML (a browser,
        // a link checker) gets the endpoint's documentation, not a 400, so the link does not
        // dangle (docs/api.md, Resources). GraphQL clients, which ask for JSON, still get graphql-http's answer.
        if (
          method === 'GET' &&
          !url.searchParams.has('query') &&
          accepts(request.headers, HTML_TYPES)
        ) {
          return html(
            docPage(
              'Blog API v1.2 GraphQL endpoint',
              `${RELATIONS.graphql} Schema: ${await schemaText()}`,
            ),
          )
        }
        // HEAD is answered as the GET it stands for (graphql-http only knows GET and POST); the
        // route runner drops the body.
        const fetchRequest = request.toFetch()
        const response = await (await ready())(
          request.method === 'HEAD' ? new Request(fetchRequest, { method: 'GET' }) : fetchRequest,
        )
        return asProblemIfTransportError(response)
      },
    }),
  )
}

/** A GraphQL result (or its errors), in either media type graphql-http answers with. */
const GRAPHQL_RESULT = {
  description: 'The result: `data` and / or `errors` (GraphQL over HTTP)',
  content: Object.fromEntries(
    ['application/graphql-response+json', 'application/json'].map((type) => [
      type,
      {
        schema: {
          type: 'object',
          properties: {
            data: { type: ['object', 'null'] },
            errors: {
              type: 'array',
              items: {
                type: 'object',
                required: ['message'],
                properties: { message: { type: 'string' } },
              },
            },
          },
        },
      },
    ]),
  ),
}

/** What the OpenAPI document says of the endpoint, per method. */
const GRAPHQL_OPERATIONS = {
  GET: {
    operationId: 'queryGraphqlByGet',
    description:
      'A query (not a mutation) in `?query=`, with `variables` and `operationName` as JSON text; without a query, a browser gets the endpoint’s documentation page.',
    parameters: [
      { name: 'query', in: 'query', schema: { type: 'string' } },
      { name: 'variables', in: 'query', schema: { type: 'string' } },
      { name: 'operationName', in: 'query', schema: { type: 'string' } },
    ],
    responses: { 200: GRAPHQL_RESULT },
  },
  POST: {
    operationId: 'queryGraphql',
    description: 'A query as JSON: `{ query, variables?, operationName? }`.',
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['query'],
            properties: {
              query: { type: 'string' },
              variables: { type: 'object' },
              operationName: { type: 'string' },
            },
          },
        },
      },
    },
    responses: { 200: GRAPHQL_RESULT },
  },
} as const

/** The HTTP-level refusals of graphql-http and of the endpoint's bounded read, which come without problem details of their own. */
const TRANSPORT_ERRORS: Readonly<Record<number, string>> = {
  405: 'Mutations are only accepted over POST.',
  406: 'This endpoint answers application/graphql-response+json or application/json only.',
  413: `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
  414: `The request URL is longer than ${MAX_BODY_BYTES} characters; send a long query by POST.`,
  415: 'Send the request as application/json (POST), or the query in the URL (GET).',
}

/**
 * GraphQL errors stay GraphQL-over-HTTP answers (docs/api.md, GraphQL), but a refusal of the HTTP exchange
 * itself (405, 406, 413, 414, 415) becomes problem details like every other error of the API (docs/api.md, HTTP semantics).
 */
async function asProblemIfTransportError(response: Response): Promise<Response> {
  const detail = TRANSPORT_ERRORS[response.status]
  if (detail === undefined) return response
  await response.body?.cancel()
  const headers: Record<string, string> = {}
  for (const name of ['allow', 'accept']) {
    const value = response.headers.get(name)
    if (value !== null) headers[name] = value
  }
  throw new Problem(response.status, detail, { headers })
}
