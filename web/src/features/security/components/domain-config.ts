import type { SecurityConfig as DomainSecurityConfig } from "domain-wasm";
import type { SecurityConfig } from "../api/get-security-config";

/** The configuration as the domain's policy reads it (only the fields it knows). */
export function toDomainConfig(config: SecurityConfig): DomainSecurityConfig {
  return {
    security: config.security,
    mfa: config.mfa.map(({ id, remark }) => ({ id, remark })),
    login: config.login,
    trade: config.trade,
  };
}
