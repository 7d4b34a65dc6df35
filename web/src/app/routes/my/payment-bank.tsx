import { BankAccountsPage } from "@/features/payment/components/bank-accounts-page";

/** /my/payment/bank: the saved bank accounts (SPEC §2 PaymentBank). */
export function Component() {
  return <BankAccountsPage />;
}
