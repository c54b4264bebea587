/**
 * `@halyard/sdk`: a typed HAL client on ky. Follow rels (by name, CURIE or URI), expand RFC 6570
 * templates, read embedded resources from the cache, page through collections, write with
 * conditional requests; HAL-FORMS actions, validated before they are sent, come with
 * `halFormsAdapter` from `@halyard/sdk/forms`. No Node built-ins: it runs in browsers and Node alike.
 *
 * @packageDocumentation
 */
export { isNetworkError, isTimeoutError, NetworkError, TimeoutError } from 'ky'
export type { Action } from './action.js'
export {
  type HalAdapterOptions,
  halAdapter,
  type Representation,
  type RepresentationAdapter,
} from './adapter.js'
export { type RequestHeaders, StateCache } from './cache.js'
export { type Client, createClient } from './client.js'
export * from './errors.js'
export type { Field, FieldOption, FieldOptionsLink, Template } from './forms.js'
export { type Link, type LinkSelector, Links, linkTarget } from './links.js'
export type { AuthScheme, ClientOptions, TokenSource } from './options.js'
export { type ItemsOptions, nextPageUri, type PagesOptions } from './pagination.js'
export {
  type FollowStep,
  type PatchOptions,
  Resource,
  ResourcePromise,
  type WriteOptions,
} from './resource.js'
export { createState, type Go, State } from './state.js'
export type { SendInit } from './transport.js'
export type * from './types.js'
export { expandTemplate } from './uri-template.js'
