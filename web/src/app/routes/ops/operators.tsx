import { OperatorsPage } from "@/features/ops/components/operators-page";

/** /ops/operators (admin). */
export function Component() {
  return <OperatorsPage />;
}
