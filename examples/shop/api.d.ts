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
}, import("@halyard/mock").DefinitionTypes<{
    readonly customers: NoInfer<Omit<{
        readonly schema: z.ZodObject<{
            name: z.ZodString;
            email: z.ZodEmail;
        }, z.core.$strict>;
        readonly seed: {
            name: string;
            email: string;
        }[];
    }, "seed"> & Pick<import("@halyard/mock").CollectionDefinition<z.ZodObject<{
        name: z.ZodString;
        email: z.ZodEmail;
    }, z.core.$strict>>, "seed">>;
    readonly products: NoInfer<Omit<{
        readonly schema: z.ZodObject<{
            name: z.ZodString;
            price: z.ZodNumber;
        }, z.core.$strict>;
        readonly seed: {
            name: string;
            price: number;
        }[];
    }, "seed"> & Pick<import("@halyard/mock").CollectionDefinition<z.ZodObject<{
        name: z.ZodString;
        price: z.ZodNumber;
    }, z.core.$strict>>, "seed">>;
    readonly orders: NoInfer<Omit<{
        readonly schema: z.ZodObject<{
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
        }, z.core.$strict>;
        readonly seed: {
            customerId: number;
            status: "open" | "paid" | "shipped";
            lines: {
                productId: number;
                quantity: number;
            }[];
        }[];
        readonly links: {
            readonly customer: {
                readonly to: "customers";
                readonly id: (o: import("@halyard/mock").HalRecord<z.ZodObject<{
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
                }, z.core.$strict>>) => number;
                readonly reverse: "orders";
            };
            readonly products: {
                readonly to: "products";
                readonly id: (o: import("@halyard/mock").HalRecord<z.ZodObject<{
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
                }, z.core.$strict>>) => number[];
            };
        };
        readonly embed: readonly ["products"];
        readonly pageSize: {
            readonly default: 20;
            readonly max: 50;
        };
    }, "seed"> & Pick<import("@halyard/mock").CollectionDefinition<z.ZodObject<{
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
    }, z.core.$strict>>, "seed">>;
}, undefined, undefined>>;
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
}, import("@halyard/mock").DefinitionTypes<{
    readonly customers: NoInfer<Omit<{
        readonly schema: z.ZodObject<{
            name: z.ZodString;
            email: z.ZodEmail;
        }, z.core.$strict>;
        readonly seed: {
            name: string;
            email: string;
        }[];
    }, "seed"> & Pick<import("@halyard/mock").CollectionDefinition<z.ZodObject<{
        name: z.ZodString;
        email: z.ZodEmail;
    }, z.core.$strict>>, "seed">>;
    readonly products: NoInfer<Omit<{
        readonly schema: z.ZodObject<{
            name: z.ZodString;
            price: z.ZodNumber;
        }, z.core.$strict>;
        readonly seed: {
            name: string;
            price: number;
        }[];
    }, "seed"> & Pick<import("@halyard/mock").CollectionDefinition<z.ZodObject<{
        name: z.ZodString;
        price: z.ZodNumber;
    }, z.core.$strict>>, "seed">>;
    readonly orders: NoInfer<Omit<{
        readonly schema: z.ZodObject<{
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
        }, z.core.$strict>;
        readonly seed: {
            customerId: number;
            status: "open" | "paid" | "shipped";
            lines: {
                productId: number;
                quantity: number;
            }[];
        }[];
        readonly links: {
            readonly customer: {
                readonly to: "customers";
                readonly id: (o: import("@halyard/mock").HalRecord<z.ZodObject<{
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
                }, z.core.$strict>>) => number;
                readonly reverse: "orders";
            };
            readonly products: {
                readonly to: "products";
                readonly id: (o: import("@halyard/mock").HalRecord<z.ZodObject<{
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
                }, z.core.$strict>>) => number[];
            };
        };
        readonly embed: readonly ["products"];
        readonly pageSize: {
            readonly default: 20;
            readonly max: 50;
        };
    }, "seed"> & Pick<import("@halyard/mock").CollectionDefinition<z.ZodObject<{
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
    }, z.core.$strict>>, "seed">>;
}, undefined, undefined>>;
export default _default;
