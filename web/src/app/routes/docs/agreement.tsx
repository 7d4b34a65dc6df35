import { DocumentPage } from "@/features/documents/components/document-page";

/** /docs/agreement: the user agreement. */
export function Component() {
  return <DocumentPage name="agreement" />;
}
