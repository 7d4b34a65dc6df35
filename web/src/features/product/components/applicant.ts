import type { GateState } from "domain-wasm";
import type { Schema } from "@/lib/api-schema";
import { loadDomain, type Domain } from "@/lib/domain";
import type { PageGate } from "@/lib/gate-prompts";

/**
 * What the card application's gates read of the logged-in user (`GET user/self`): the identity
 * statuses (0 not started, 1 approved, 2 in review, 3 rejected) and the mobile.
 */
export type Applicant = Pick<Schema<"UserSelf">, "status" | "investor" | "aml" | "qualify" | "mobile">;

function gateState(applicant: Applicant): GateState {
  return {
    loggedIn: true,
    basicIdentity: applicant.status,
    investorIdentity: applicant.investor.status,
    aml: applicant.aml,
    qi: applicant.qualify,
    mobileBound: applicant.mobile !== null,
  };
}

/**
 * The first check a logged-in applicant still lacks (basic identity, then mobile), with the
 * domain module that names it; none when all pass. If the module cannot be loaded, the server's
 * refusal (105, 110) prompts instead.
 */
export async function missingCheck(applicant: Applicant): Promise<{ gate: PageGate; domain: Domain } | undefined> {
  let domain: Domain;
  try {
    domain = await loadDomain();
  } catch {
    return undefined;
  }
  const gate = domain.firstClosedGate("applyCard", gateState(applicant));
  return gate === undefined || gate === "login" ? undefined : { gate, domain };
}
