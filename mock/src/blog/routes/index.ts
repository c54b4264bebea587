import type { HalRoute } from '../../index.js'
import type { GraphqlLimits } from '../graphql/index.js'
import type { PersonRecord } from '../schemas.js'
import { problemTypeDoc, relDoc } from './docs.js'
import { graphqlRoutes } from './graphql.js'

/** Finds a person of the query-language endpoint by id, in the instance's current data. */
export type PersonLookup = (id: string) => PersonRecord | undefined

/** The Blog's routes beside its collections': documentation pages and GraphQL. */
export function blogApiRoutes(persons: PersonLookup, limits: GraphqlLimits): HalRoute[] {
  return [relDoc, problemTypeDoc, ...graphqlRoutes(persons, limits)]
}
