import { BinsPage } from "@/features/ops/components/bins-page";

/** /ops/bins (admin). */
export function Component() {
  return <BinsPage />;
}
