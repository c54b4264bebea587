/**
 * The API root the examples talk to: `HALYARD_API`, else the one `npm start` serves.
 *
 * @example
 * // HALYARD_API=http://127.0.0.1:4311/api/v1.2 npm run example -- examples/node/navigate.ts
 * const client = createClient({ baseUrl: API })
 */
export const API = process.env.HALYARD_API || 'http://127.0.0.1:4010/api/v1.2'
