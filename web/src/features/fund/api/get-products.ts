import type { ApiContent } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

/** `GET product`: the products on offer (the current product of each asset, the fixed ones). */
export type Products = ApiContent<"/product", "get">;

/**
 * One product: its rate, type, asset, terms (a fixed product's raise, interest and maturity dates
 * and period, its phase), the sources it takes and pays to, its limits, whether it is open, and
 * `terms`, which the domain's previews read.
 */
export type Product = Products[number];

export const productsKey: ApiKey = ["product"];

/** Read again on each visit (a fixed product's phase moves with the days, operators close products). */
export const useProducts = () => useApi<Products>(productsKey, undefined, { dedupingInterval: 0 });
