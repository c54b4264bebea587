import { z } from 'zod';
/**
 * A shop with `orders` orders (default 120: with 20 a page, the collection spans 6 pages); the
 * bench's scale part starts it with up to a million.
 *
 * @example
 * const big = defineShop({ orders: 100_000 })
 */
export declare function defineShop({ orders }?: {
    orders?: number;
}): import("@halyard/mock").HalApi<{
    readonly customers: import("@halyard/mock").CollectionDefinition<z.ZodObject<{
        name: z.ZodString;
        email: z.ZodEmail;
    }, z.core.$strict>>;
    readonly products: import("@halyard/mock").CollectionDefinition<z.ZodObject<{
        name: z.ZodString;
        price: z.ZodNumber;
    }, z.core.$strict>>;
    readonly orders: import("@halyard/mock").CollectionDefinition<z.ZodObject<{
        customerId: z.ZodNumber;
        status: z.ZodEnum<{
            open: "open";
            paid: "paid";
            shipped: "shipped";
        }>;
        lines: z.ZodArray<z.ZodObject<{
            productId: z.ZodNumber;
            quantity: z.ZodNumber;
        }, z.core.$strict>>;
    }, z.core.$strict>>;
}>;
declare const _default: import("@halyard/mock").HalApi<{
    readonly customers: import("@halyard/mock").CollectionDefinition<z.ZodObject<{
        name: z.ZodString;
        email: z.ZodEmail;
    }, z.core.$strict>>;
    readonly products: import("@halyard/mock").CollectionDefinition<z.ZodObject<{
        name: z.ZodString;
        price: z.ZodNumber;
    }, z.core.$strict>>;
    readonly orders: import("@halyard/mock").CollectionDefinition<z.ZodObject<{
        customerId: z.ZodNumber;
        status: z.ZodEnum<{
            open: "open";
            paid: "paid";
            shipped: "shipped";
        }>;
        lines: z.ZodArray<z.ZodObject<{
            productId: z.ZodNumber;
            quantity: z.ZodNumber;
        }, z.core.$strict>>;
    }, z.core.$strict>>;
}>;
export default _default;
