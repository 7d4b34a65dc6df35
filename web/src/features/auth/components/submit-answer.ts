import type { ApiResult } from "@/lib/api-client";

/** A step's submit: the server's answer (its field errors go under the fields), or null. */
export type SubmitStep<V> = (values: V) => Promise<ApiResult<unknown> | null>;
