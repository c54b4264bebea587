// A shop mocked with @halyard/mock's public exports only: customers, products and orders in standard
// HAL, with HAL-FORMS templates (their prompts are the schemas' `title`s) and PATCH derived from the
// same schemas. Serve it with `npm start -- --api examples/shop/api.ts`, or hand it to `setupHalApi`.
import { defineCollection, defineHalApi } from '@halyard/mock';
import { z } from 'zod';
const customer = z.strictObject({
    name: z.string().trim().min(1).max(100).meta({ title: 'Name' }),
    email: z.email().meta({ title: 'E-mail' }),
});
const product = z.strictObject({
    name: z.string().trim().min(1).max(100).meta({ title: 'Name' }),
    price: z.number().nonnegative().meta({ title: 'Price' }),
});
const order = z.strictObject({
    customerId: z.number().int().positive().meta({ title: 'Customer number' }),
    // An enum: HAL-FORMS clients get its values as the property's inline options.
    status: z.enum(['open', 'paid', 'shipped']).meta({ title: 'Status' }),
    lines: z
        .array(z.strictObject({ productId: z.number().int().positive(), quantity: z.number().int().min(1) }))
        .min(1)
        .meta({ title: 'Lines (JSON: [{ productId, quantity }])' }),
});
const NAMES = [
    'Ada',
    'Grace',
    'Alan',
    'Edsger',
    'Barbara',
    'Donald',
    'Frances',
    'Ken',
    'Radia',
    'Tim',
];
const PRODUCTS = ['Anchor', 'Sail', 'Rope', 'Compass', 'Lantern', 'Oar', 'Buoy', 'Winch'];
const STATUSES = ['open', 'paid', 'shipped'];
/**
 * A shop with `orders` orders (default 120: with 20 a page, the collection spans 6 pages); the
 * bench's scale part starts it with up to a million.
 *
 * @example
 * const big = defineShop({ orders: 100_000 })
 */
export function defineShop({ orders = 120 } = {}) {
    return defineHalApi({
        basePath: '/api',
        title: 'Shop',
        tokens: ['dev-token'],
        collections: {
            customers: defineCollection({
                schema: customer,
                seed: NAMES.map((name) => ({ name, email: `${name.toLowerCase()}@example.com` })),
            }),
            products: defineCollection({
                schema: product,
                seed: PRODUCTS.map((name, i) => ({ name, price: 10 * (i + 1) })),
            }),
            orders: defineCollection({
                schema: order,
                seed: Array.from({ length: orders }, (_, i) => ({
                    customerId: (i % NAMES.length) + 1,
                    status: STATUSES[i % STATUSES.length] ?? 'open',
                    lines: [
                        { productId: (i % PRODUCTS.length) + 1, quantity: 1 + (i % 3) },
                        { productId: ((i + 3) % PRODUCTS.length) + 1, quantity: 1 },
                    ],
                })),
                links: {
                    customer: { to: 'customers', id: (o) => o.customerId, reverse: 'orders' },
                    products: { to: 'products', id: (o) => o.lines.map((line) => line.productId) },
                },
                embed: ['products'],
                pageSize: { default: 20, max: 50 },
            }),
        },
    });
}
export default defineShop();
//# sourceMappingURL=api.js.map