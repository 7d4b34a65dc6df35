import { DocumentPage } from "@/features/documents/components/document-page";

/** /docs/privacy: the privacy policy. */
export function Component() {
  return <DocumentPage name="privacy" />;
}
