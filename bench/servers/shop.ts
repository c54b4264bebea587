/**
 * The shop of examples/shop as a real server, one per process: `node bench/servers/shop.ts <port>
 * <orders>`. `createHalServer` as `halyard-mock --api` calls it, without a log line per request.
 */
import { createHalServer } from '@halyard/mock/server'

const [port = '', orders = '120'] = process.argv.slice(2)
if (!/^\d+$/.test(port) || !/^\d+$/.test(orders)) {
  console.error('usage: node bench/servers/shop.ts <port> [orders]')
  process.exit(2)
}
// Outside the bench's sources: loaded at run time, typed here by what it is used for.
const example = new URL('../../examples/shop/api.ts', import.meta.url).href
const { defineShop } = (await import(example)) as {
  defineShop: (options: { orders: number }) => Parameters<typeof createHalServer>[0]
}
await createHalServer(defineShop({ orders: Number(orders) }), { port: Number(port), log: false })
