import { Badge, Field, NativeSelect, RadioGroup, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import type { CoinItem, CoinList } from "../api/get-coin-list";
import type { WalletText } from "./use-wallet-text";

/** What a deposit or a withdrawal is of: a coin, and (once chosen) one of its networks. */
export interface Chain {
  readonly coin: CoinItem | undefined;
  readonly network: string | undefined;
  readonly setNetwork: (network: string) => void;
}

/** Whether `kind` is switched on for the network. */
const open = (n: CoinItem["networks"][number], kind: "deposit" | "withdraw") =>
  kind === "deposit" ? n.depositEnabled : n.withdrawEnabled;

/**
 * The coin of the path (the first coin without one) and the network of `?network=`: a network
 * that is named and open, or a coin's only open network; else none, for the user to choose (the
 * network decides the address, so it is never guessed among several).
 */
export function useChain(coins: CoinList | undefined, coinCode: string | undefined, kind: "deposit" | "withdraw"): Chain {
  const [search, setSearch] = useSearchParams();
  const coin = coinCode === undefined ? coins?.coin[0] : coins?.coin.find((c) => c.coinCode === coinCode);
  const usable = coin?.networks.filter((n) => open(n, kind)) ?? [];
  const named = search.get("network");
  const network = usable.find((n) => n.network === named)?.network ?? (usable.length === 1 ? usable[0]?.network : undefined);
  return {
    coin,
    network,
    setNetwork: (chosen) => setSearch({ network: chosen }, { replace: true }),
  };
}

/** The coin, as a select: choosing another goes to its page (`pathOf`). */
export function CoinSelect({
  coins,
  coin,
  pathOf,
  w,
}: {
  readonly coins: CoinList;
  readonly coin: CoinItem;
  readonly pathOf: (coinCode: string) => string;
  readonly w: WalletText;
}) {
  const navigate = useNavigate();
  return (
    <Field.Root>
      <Field.Label>{w.t("wallet.deposit.coin")}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={coin.coinCode} onChange={(event) => void navigate(pathOf(event.target.value), { replace: true })}>
          {coins.coin.map((c) => (
            <option key={c.coinCode} value={c.coinCode}>
              {`${c.coinCode} · ${w.coinName(c.coinCode)}`}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The coin's networks as radio buttons; a network whose `kind` is switched off shows paused. */
export function NetworkPicker({
  coin,
  chain,
  kind,
  help,
  w,
}: {
  readonly coin: CoinItem;
  readonly chain: Chain;
  readonly kind: "deposit" | "withdraw";
  readonly help: string;
  readonly w: WalletText;
}) {
  const id = useId();
  return (
    <Stack gap="1.5">
      <Text id={`${id}-label`} fontWeight="medium" fontSize="sm">
        {w.t("wallet.deposit.network")}
      </Text>
      <RadioGroup.Root
        colorPalette="teal"
        value={chain.network ?? null}
        onValueChange={({ value }) => {
          if (value) chain.setNetwork(value);
        }}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-help`}
      >
        <Stack gap="2" direction={{ base: "column", sm: "row" }} wrap="wrap">
          {coin.networks.map((n) => (
            <RadioGroup.Item
              key={n.network}
              value={n.network}
              disabled={!open(n, kind)}
              borderWidth="1px"
              borderRadius="md"
              paddingX="3"
              paddingY="2"
            >
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>
                {w.networkName(n.network)}{" "}
                {!open(n, kind) && (
                  <Badge colorPalette="orange" size="sm">
                    {w.t(kind === "deposit" ? "wallet.network.deposit_paused" : "wallet.network.withdraw_paused")}
                  </Badge>
                )}
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      <Text id={`${id}-help`} fontSize="sm" color="fg.muted">
        {help}
      </Text>
    </Stack>
  );
}
