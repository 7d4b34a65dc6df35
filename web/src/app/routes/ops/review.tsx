import { CasePage } from "@/features/ops/components/case-page";

/** /ops/review/:caseId: a case of the review queue. */
export function Component({ caseId }: { readonly caseId: string }) {
  return <CasePage caseId={caseId} />;
}
