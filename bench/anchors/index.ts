import type { Anchor } from './anchor.js'
import { bareHttp, fetchApi, mswFloor } from './in-repo.js'
import { jsonServer } from './json-server.js'
import { prism } from './prism.js'
import { wiremock } from './wiremock.js'

export type { Anchor }
export { bareHttp, fetchApi, jsonServer, mswFloor, prism, wiremock }

/** Every anchor of the real-server part, in the order the table lists them. */
export const ANCHORS: readonly Anchor[] = [
  bareHttp,
  fetchApi,
  mswFloor,
  jsonServer,
  prism,
  wiremock,
]
