import { DocumentPage } from "@/features/documents/components/document-page";

/** /docs/tax-forms: the tax forms (W-8BEN, W-9, FATCA self-certification) and worked examples. */
export function Component() {
  return <DocumentPage name="taxForms" />;
}
