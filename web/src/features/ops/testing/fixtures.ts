import type { OpsOperator } from "../api/get-me";
import type { ReviewCase } from "../api/get-case";
import type { QueueCase } from "../api/get-queue";
import type { OpsUser } from "../api/users";
import type { WireReceipt } from "../api/wires";

/** An operator as `GET ops/me` and `GET ops/operators` answer it. */
export function opsOperator(overrides: Partial<OpsOperator> = {}): OpsOperator {
  return {
    id: "op-1",
    email: "rita.reviewer@fiscard.test",
    roles: ["reviewer"],
    status: "active",
    createdAt: 1_700_000_000_000,
    enrolledAt: 1_700_000_100_000,
    ...overrides,
  };
}

/** A case of `GET ops/review/queue`. */
export function queueCase(overrides: Partial<QueueCase> = {}): QueueCase {
  return {
    caseId: "case-1",
    verification: "investor",
    investorType: "COMPANY",
    attempt: 1,
    email: "carol.company@example.com",
    submittedAt: 1_700_000_000_000,
    screeningHits: 0,
    stage: "review",
    claim: null,
    firstReviewer: null,
    ...overrides,
  };
}

/** A case of `GET ops/review/cases/{id}`. */
export function reviewCase(overrides: Partial<ReviewCase> = {}): ReviewCase {
  return {
    caseId: "case-1",
    verification: "investor",
    investorType: "COMPANY",
    attempt: 1,
    stage: "review",
    status: "in_review",
    user: { id: "u-1", email: "carol.company@example.com", locale: "zh-HK" },
    submittedAt: 1_700_000_000_000,
    claim: null,
    items: [
      { field: "companyName", labelKey: "identity.field.companyName", answer: "Carol Trading Ltd", previousAnswer: null, changed: false, documents: [], previousDocuments: [] },
      { field: "companyId", labelKey: "identity.field.companyId", answer: "C-1234", previousAnswer: "C-12", changed: true, documents: [], previousDocuments: [] },
    ],
    screening: { score: 0.91, hits: [{ list: "sanctions", name: "Carol Trading", score: 0.91, features: [{ feature: "name", score: 0.95 }, { feature: "country", score: 0.8 }] }] },
    previous: null,
    firstDecision: null,
    ...overrides,
  };
}

/** A wire of `GET ops/wires`. */
export function wireReceipt(overrides: Partial<WireReceipt> = {}): WireReceipt {
  return {
    id: "wire-1",
    reference: "FED-0001",
    amount: "1000.00",
    memo: "FC-7K2Q-M9",
    sender: "Carol Trading Ltd",
    status: "unmatched",
    user: null,
    recordedBy: "fred.finance@fiscard.test",
    matchedBy: null,
    approvedBy: null,
    returnReason: null,
    createdAt: 1_700_000_000_000,
    decidedAt: null,
    ...overrides,
  };
}

/** A user of `GET ops/users/{id}`. */
export function opsUser(overrides: Partial<OpsUser> = {}): OpsUser {
  return {
    id: "u-1",
    email: "carol.company@example.com",
    locale: "zh-HK",
    createdAt: 1_700_000_000_000,
    memo: "FC-7K2Q-M9",
    verifications: [{ verification: "basic", status: "approved", attempt: 1, caseId: "case-9" }],
    cards: [{ cardKey: "card-1", last4: "4242", status: "normal", balance: "12.50", currency: "USD", frozenReason: null }],
    balances: [
      { account: "main", asset: "USD", available: "100.00" },
      { account: "bank", asset: "USD", available: "0.00" },
    ],
    sessions: [{ id: "s-1", createdAt: 1_700_000_000_000, lastSeenAt: 1_700_000_500_000, ip: "203.0.113.7", userAgent: "Mozilla/5.0" }],
    securityEvents: [{ id: "e-1", kind: "login_succeeded", ip: "203.0.113.7", userAgent: "Mozilla/5.0", createdAt: 1_700_000_000_000 }],
    ...overrides,
  };
}
