import type { ApiContent, Schema } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

/** A bound authenticator as `user/config` lists it. */
export type AuthenticatorEntry = Schema<"AuthenticatorView">;

/** `GET user/config`: the security configuration (SPEC §3), plus whether a mobile is bound. */
export type SecurityConfig = ApiContent<"/user/config", "get">;

export const securityConfigKey: ApiKey = ["user/config"];

/** The configuration; the route guard loads it on entering the security area. */
export const useSecurityConfig = () =>
  useApi<SecurityConfig>(securityConfigKey, undefined, { revalidateIfStale: false });
