import type { HalRoute } from '../../index.js'
import type { GraphqlLimits } from '../graphql/index.js'
import { problemTypeDoc, relDoc } from './docs.js'
import { graphqlRoutes, type PersonLookup } from './graphql.js'

export type { PersonLookup }

/** The Blog's routes beside its collections': documentation pages and GraphQL. */
export function blogApiRoutes(persons: PersonLookup, limits: GraphqlLimits): HalRoute[] {
  return [relDoc, problemTypeDoc, ...graphqlRoutes(persons, limits)]
}
