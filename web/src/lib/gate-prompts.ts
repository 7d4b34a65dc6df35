// Where each unmet precondition leads (SPEC §6): the identity checks to their anchor on the Profile
// page, the mobile check to the Security page. The question asked comes from the domain
// (`labelKey("gate", …)`), like every other label.
import type { Gate } from "domain-wasm";
import { paths } from "@/config/paths";

/** Every gate but login, which opens the login dialog instead of a page. */
export type PageGate = Exclude<Gate, "login">;

/** The page that lifts each gate. */
export const gatePages: Readonly<Record<PageGate, string>> = {
  basicIdentity: `${paths.profile}#basic`,
  investorIdentity: `${paths.profile}#investor`,
  aml: `${paths.profile}#AML`,
  qi: `${paths.profile}#QI`,
  mobile: `${paths.security}#mobile`,
};
