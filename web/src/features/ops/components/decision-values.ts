import type { ApiFieldError } from "@/lib/api-client";
import type { DecisionBody } from "../api/decide-case";

export interface ItemValues {
  /** The case's field the item decides (not shown: the item's place in the case). */
  field: string;
  decision: "" | "approve" | "reject";
  reason: string;
  message: string;
  note: string;
}

/**
 * The decision as the form holds it: the domain's `ReviewDecisionForm` (`reviewDecision`, in the
 * identity module), checked by the same rule as the server with the case's fields as its context
 * (`ReviewDecisionContext`): every item decided; a rejection with a reason and a message for the
 * user; retry or final when anything is rejected.
 */
export interface DecisionValues {
  items: ItemValues[];
  kind: "" | "retry" | "final";
}

/** The form's first values: each of the case's fields undecided. */
export function undecided(fields: readonly string[]): DecisionValues {
  return { items: fields.map((field) => ({ field, decision: "", reason: "", message: "", note: "" })), kind: "" };
}

/** The request: each item's decision (a rejection's reason and message), the kind when rejecting. */
export function decisionBody(values: DecisionValues): DecisionBody {
  const items = values.items.map((item) => {
    const note = item.note.trim();
    return {
      field: item.field,
      decision: item.decision,
      ...(item.decision === "reject" && { reason: item.reason, message: item.message.trim() }),
      ...(note !== "" && { note }),
    };
  });
  const rejecting = values.items.some((item) => item.decision === "reject");
  return { items, ...(rejecting && { kind: values.kind }) };
}

/**
 * The form's name for a server field error: `items[2].reason` is `items.2.reason`; an error the
 * form has no field for (an undecided item the server names by `field`) is the form's own.
 */
export function fieldOf(error: ApiFieldError, count: number): string {
  const name = error.field.replace(/\[(\d+)\]/g, ".$1");
  const match = /^items\.(\d+)\.(decision|reason|message|note)$/.exec(name);
  if (match && Number(match[1]) < count) return name;
  return name === "kind" ? name : "root";
}
