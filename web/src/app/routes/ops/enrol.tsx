import { EnrolPage } from "@/features/ops/components/enrol-page";

/** /ops/enrol#<token>: the enrolment link's page. */
export function Component() {
  return <EnrolPage />;
}
