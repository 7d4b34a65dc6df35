import { CoinsPage } from "@/features/wallet/components/coins-page";

/** /wallet/coins (SPEC §2's Coins): every coin, searched by code or name. */
export function Component() {
  return <CoinsPage />;
}
