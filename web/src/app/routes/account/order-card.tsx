import { OrderHistoryPage } from "@/features/orders/components/order-history-page";

/** /account/order/card: the card order record. */
export function Component() {
  return <OrderHistoryPage />;
}
