/**
 * The query-language endpoint of the Blog API mock, `/api/v1.2/graphql` (docs/api.md, GraphQL): GraphQL
 * over HTTP, `POST` with a JSON body and `GET` with `?query=`. graphql-http speaks the protocol
 * (methods, media types, status codes); graphql-js parses, validates and executes. Only
 * web-standard APIs are used, so this runs in Node and in a browser service worker alike.
 *
 * @packageDocumentation
 */
import {
  GraphQLError,
  getOperationAST,
  getVariableValues,
  parse,
  specifiedRules,
  validate,
} from 'graphql'
import { createHandler, type HandlerOptions } from 'graphql-http/lib/use/fetch'
import { MAX_BODY_BYTES, readText } from '../../kit.js'
import { checkedLimits, type GraphqlLimits } from './checked-limits.js'
import { checkFieldLimit } from './cost.js'
import { checkNodeLimit, createDepthLimitRule } from './limits.js'
import { checkOverlapLimit } from './overlap.js'
import type { PersonDirectory } from './persons.js'
import { createPersonSchema } from './schema.js'

export type { GraphqlLimits } from './checked-limits.js'
export type { PersonDirectory, PersonRecord } from './persons.js'

// Bounds on the document itself, checked while parsing: parsing runs before any limit can, so
// a huge or absurdly nested document must be stopped by the parser. 5 000 tokens keep parsing
// and validation to a few ms; the overlap limit bounds validation's pairwise comparisons.
const parseOptions = {
  maxSourceLength: 256 * 1024,
  maxLexicalTokens: 5_000,
  maxComments: 1_000,
} as const

/**
 * Creates the `/api/v1.2/graphql` handler over `persons`. The returned function never rejects:
 * every request gets a Response, per the GraphQL-over-HTTP spec as graphql-http implements it
 * (405 for other methods and for mutations over GET, 415 for other body types, 400 for
 * unparsable JSON, `errors` for invalid documents — 400 under
 * `Accept: application/graphql-response+json`, 200 under `application/json`).
 * A document whose validation would compare too many overlapping fields (a response key selected
 * hundreds of times in one place, hundreds of fragments spread together) is refused before
 * validation. Operations deeper than `maxDepth`, touching more than `maxNodes` persons or
 * answering more than `maxFields` fields are refused before execution. A POST body over 1 MiB, or a GET URL over
 * 1 MiB, is answered 413 or 414 without a body (the route makes it problem details), and never
 * read whole.
 *
 * @example
 * ```ts
 * const graphql = createGraphqlEndpoint(createPersonDirectory(seedPersons))
 * const response = await graphql(
 *   new Request('http://localhost/api/v1.2/graphql', {
 *     method: 'POST',
 *     headers: { 'content-type': 'application/json' },
 *     body: JSON.stringify({ query: '{ person(id: "1") { name } }' }),
 *   }),
 * )
 * await response.json() // { data: { person: { name: '…' } } }
 * ```
 */
export function createGraphqlEndpoint(
  persons: PersonDirectory,
  limits: GraphqlLimits = {},
): (request: Request) => Promise<Response> {
  const { maxDepth, maxNodes, maxFields } = checkedLimits(limits)
  const schema = createPersonSchema(persons)
  const rules = [...specifiedRules, createDepthLimitRule(maxDepth)]

  // graphql-http's hook that runs before execution. It takes over parsing and validation so
  // that the node limit can be checked on a valid document with coerced variables; it answers
  // errors (graphql-http picks the status and media type) or the arguments to execute.
  const onSubscribe: NonNullable<HandlerOptions['onSubscribe']> = (request, params) => {
    try {
      const document = parse(params.query, parseOptions)
      const operation = getOperationAST(document, params.operationName)
      const args = {
        schema,
        document,
        operationName: params.operationName,
        variableValues: params.variables,
      }
      // A mutation over GET must answer 405 whatever the schema; graphql-http does so, without
      // executing, once it has the arguments. Validating first would answer 400 instead.
      if (operation?.operation === 'mutation' && request.method === 'GET') return args
      // Before validation, whose overlapping-fields rule is quadratic: graphql-http's
      // `validationRules` only add rules to the same pass, so the check must come first here.
      const tooComplex = checkOverlapLimit(document)
      if (tooComplex !== undefined) return [tooComplex]
      const invalid = validate(schema, document, rules)
      if (invalid.length > 0) return invalid
      // No single operation to run: graphql-http answers that itself.
      if (operation === undefined || operation === null) return args
      const coerced = getVariableValues(
        schema,
        operation.variableDefinitions ?? [],
        params.variables ?? {},
      )
      if (coerced.errors !== undefined) return coerced.errors
      const measured = { schema, document, operation, variableValues: coerced.variableValues }
      const tooMany =
        checkNodeLimit({ ...measured, persons }, maxNodes) ?? checkFieldLimit(measured, maxFields)
      return tooMany === undefined ? args : [tooMany]
    } catch (error) {
      return [asRequestError(error)]
    }
  }

  const handle = createHandler({ schema, onSubscribe })
  return async (request) => {
    try {
      const bounded = await withBoundedBody(request)
      return bounded instanceof Response ? bounded : await handle(bounded)
    } catch {
      // graphql-http already turns its own failures into a 500; this is the last resort.
      return new Response(null, { status: 500, statusText: 'Internal Server Error' })
    }
  }
}

/**
 * The request with its body read (at most {@link MAX_BODY_BYTES}), or the 413 / 414 to answer:
 * graphql-http would read any body whole, and a query string of any length.
 */
async function withBoundedBody(request: Request): Promise<Request | Response> {
  if (request.method === 'GET' || request.method === 'HEAD') {
    return request.url.length > MAX_BODY_BYTES ? new Response(null, { status: 414 }) : request
  }
  let body: string
  try {
    body = await readText(request)
  } catch (error) {
    if (isTooLarge(error)) return new Response(null, { status: 413 })
    // A body that cannot be read is an empty one: graphql-http answers that with a 400.
    body = ''
  }
  return new Request(request.url, { method: request.method, headers: request.headers, body })
}

const isTooLarge = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 413

// Syntax errors are GraphQLErrors already; anything else (a stack overflow on a pathological
// document) is reported without its message or stack, which say nothing useful to a client.
function asRequestError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError) return error
  return new GraphQLError('The document is too large or too deeply nested to be processed.', {
    extensions: { code: 'DOCUMENT_TOO_COMPLEX' },
  })
}
