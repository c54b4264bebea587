/** The media types the mock reads and writes, each named once. */

/** HAL (draft-kelly-json-hal): the type of every HAL answer. */
export const HAL_JSON = 'application/hal+json'
/** HAL-FORMS: HAL with `_templates` beside `_links`. */
export const HAL_FORMS_JSON = 'application/prs.hal-forms+json'
/** Problem details (RFC 9457). */
export const PROBLEM_JSON = 'application/problem+json'
/** Plain JSON, which HAL is too. */
export const JSON_TYPE = 'application/json'
/** RFC 7396: a partial representation; a member replaces, `null` removes. */
export const MERGE_PATCH_JSON = 'application/merge-patch+json'
/** RFC 6902: a list of operations applied in order, all or none. */
export const JSON_PATCH_JSON = 'application/json-patch+json'
/** HTML, of the documentation pages and the explorer. */
export const HTML = 'text/html'
