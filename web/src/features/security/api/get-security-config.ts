import { useApi, type ApiKey } from "@/lib/api-provider";

/** A bound authenticator as `user/config` lists it. */
export interface AuthenticatorEntry {
  readonly id: string;
  readonly remark: string;
  readonly createTime: number;
}

/** `GET user/config`: the security configuration (SPEC §3), plus whether a mobile is bound. */
export interface SecurityConfig {
  readonly security: boolean;
  readonly mfa: readonly AuthenticatorEntry[];
  readonly login: { readonly email: boolean; readonly mfa: boolean };
  readonly trade: { readonly email: boolean; readonly mfa: boolean; readonly security: boolean };
  readonly mobile: boolean;
}

export const securityConfigKey: ApiKey = ["user/config"];

/** The configuration; the route guard loads it on entering the security area. */
export const useSecurityConfig = () =>
  useApi<SecurityConfig>(securityConfigKey, undefined, { revalidateIfStale: false });
