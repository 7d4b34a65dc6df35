import { WiresPage } from "@/features/ops/components/wires-page";

/** /ops/wires (finance). */
export function Component() {
  return <WiresPage />;
}
