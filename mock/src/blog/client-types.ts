import type { ClientTypes, DefinitionTypes, TypedDefinition } from '../index.js'
import type { blogCollections } from './collections.js'
import type { BLOG_ROOT } from './definition.js'

/**
 * The Blog API's definition as `ClientTypes` reads it: its collections, paging and root.
 *
 * @example
 * ```ts
 * type Blog = ClientTypes<TypedDefinition<BlogDefinitionTypes>> // = BlogClientTypes
 * ```
 */
export type BlogDefinitionTypes = DefinitionTypes<
  ReturnType<typeof blogCollections>,
  undefined,
  typeof BLOG_ROOT
>

/**
 * Every resource of the Blog API, read from its definition, for a typed client (what
 * `@halyard/sdk/blog`'s types are generated from).
 *
 * @example
 * ```ts
 * import type { BlogClientTypes } from '@halyard/mock/blog'
 *
 * const blog = client.go<BlogClientTypes['root']>().follow('doc:blog', { blogId: 1 })
 * ```
 */
export type BlogClientTypes = ClientTypes<TypedDefinition<BlogDefinitionTypes>>
