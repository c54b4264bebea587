// How long `verify` takes on the Blog with 1 000 articles and on the shop, each served by a real
// server in a child process: seconds, requests and findings of one run each (not a timed test).
// Run: node --conditions=@halyard/source --import tsx bench/verify.ts
import type { HalApiDefinition } from '@halyard/mock'
import { createBlogApi } from '@halyard/mock/blog'
import { formatSummary, verifyApi } from '@halyard/mock/verify'
import { API, DEV_TOKEN, SHOP_API, startHalyard, startShop } from './halyard.js'
import { pickImplementation } from './implementation.js'

// The shop's definition, by path: examples/ is another TypeScript project.
const example = new URL('../examples/shop/api.ts', import.meta.url).href
const { default: shop } = (await import(example)) as { default: { definition: HalApiDefinition } }
const implementation = await pickImplementation()
const targets = [
  {
    name: 'Blog, 1 000 articles',
    start: () => startHalyard(implementation, 1000),
    path: API,
    api: createBlogApi({ articles: 0 }),
  },
  { name: 'shop, 120 orders', start: () => startShop(implementation), path: SHOP_API, api: shop },
]
for (const target of targets) {
  const server = await target.start()
  try {
    const report = await verifyApi({
      url: `${server.origin}${target.path}`,
      api: target.api,
      token: DEV_TOKEN,
    })
    // The report's own summary: each count with its noun, `1 record`, `3 records`.
    console.log(`${target.name}: ${formatSummary(report)}`)
  } finally {
    await server.stop()
  }
}
