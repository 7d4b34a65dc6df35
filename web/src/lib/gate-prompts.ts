// Where each unmet precondition leads (SPEC §6): the identity checks to their anchor on the Profile
// page, the mobile check to the Security page. The texts are the domain catalogue's `gate.*`.
import type { Gate } from "domain-wasm";
import { paths } from "@/config/paths";
import type { MessageKey } from "./locale";

export interface GatePrompt {
  /** The confirm prompt's question. */
  readonly messageKey: MessageKey;
  /** Where accepting it goes. */
  readonly href: string;
}

/** Every gate but login, which opens the login dialog instead of a page. */
export type PageGate = Exclude<Gate, "login">;

export const gatePrompts: Readonly<Record<PageGate, GatePrompt>> = {
  basicIdentity: { messageKey: "gate.basic_identity", href: `${paths.profile}#basic` },
  investorIdentity: { messageKey: "gate.investor_identity", href: `${paths.profile}#investor` },
  aml: { messageKey: "gate.aml", href: `${paths.profile}#AML` },
  qi: { messageKey: "gate.qi", href: `${paths.profile}#QI` },
  mobile: { messageKey: "gate.mobile", href: `${paths.security}#mobile` },
};
