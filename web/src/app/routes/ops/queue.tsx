import { QueuePage } from "@/features/ops/components/queue-page";

/** /ops: the review queue. */
export function Component() {
  return <QueuePage />;
}
