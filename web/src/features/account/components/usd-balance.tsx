import { Button, HStack, Skeleton, Stat } from "@chakra-ui/react";
import { useLoadedDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import { useBalance } from "../api/get-balance";

/** The USD account's minor-unit scale (cents). */
const USD_SCALE = 2;

/** The USD bank account's balance (exact decimal text), once loaded. */
export function useUsdBalance(): string | undefined {
  const { data } = useBalance();
  return data?.find((account) => account.accountType === "BankAccount")?.balance;
}

/**
 * The USD balance of the bank account, the one that funds the cards. It does not hold the page
 * back for the wasm module (which formats it): its placeholder shows until both are in.
 */
export function UsdBalance() {
  const { t } = useI18n();
  const domain = useLoadedDomain();
  const { error, mutate } = useBalance();
  const balance = useUsdBalance();
  const minor = balance === undefined || domain === undefined ? undefined : domain.parseAmount(balance, USD_SCALE);
  return (
    <Stat.Root>
      <Stat.Label>{t("card.usd_balance")}</Stat.Label>
      {error ? (
        <HStack>
          <Stat.HelpText color="fg.error">{t("app.load_failed")}</Stat.HelpText>
          <Button size="xs" variant="outline" onClick={() => void mutate()}>
            {t("app.retry")}
          </Button>
        </HStack>
      ) : balance === undefined || domain === undefined ? (
        <Skeleton height="9" width="48" />
      ) : (
        <Stat.ValueText fontVariantNumeric="tabular-nums">
          {minor === undefined ? balance : domain.formatAmount(minor, USD_SCALE)}
          <Stat.ValueUnit>USD</Stat.ValueUnit>
        </Stat.ValueText>
      )}
    </Stat.Root>
  );
}
