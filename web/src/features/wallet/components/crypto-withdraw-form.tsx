import { Alert, Button, DataList, Group, Input, Text } from "@chakra-ui/react";
import type { CryptoWithdrawalContext } from "domain-markets";
import { useCallback, useEffect, useRef } from "react";
import { applyRefusal, FormError, FormField, FormStack, useDomainForm } from "@/components/ui/form";
import { askConfirm } from "@/components/ui/confirm-store";
import { useApiClient } from "@/lib/api-provider";
import type { ChainConfig } from "../api/get-coin-config";
import type { WalletRecord } from "../api/wallet-records";
import { withdrawCrypto } from "../api/withdraw-crypto";
import type { WalletText } from "./use-wallet-text";

interface CryptoWithdrawValues {
  coinCode: string;
  network: string;
  address: string;
  memo: string;
  amount: string;
  clientOrderId: string;
}

/** The form's fields the server may name in its field errors. */
const FIELDS = ["coinCode", "network", "address", "memo", "amount", "clientOrderId"];

/** An address check whose answer is worth showing while the address is still being typed. */
const SHOWN_AS_TYPED = new Set(["address_checksum", "address_wrong_network"]);

/**
 * A withdrawal of one coin on one network: the address checked as typed by the domain (its
 * checksum, the network it belongs to, named when it is another one, and a look-alike of an
 * address used before, warned about and confirmed), the amount checked by the domain's
 * "cryptoWithdrawal" form against the chain's terms (minimum, maximum, multiple, what is left
 * today, the balance with the fee on top), "Max" by the domain's function, the fee and what is
 * taken from the wallet as typed. The server asks for the step-up codes (103) and checks it all
 * again; an attempt keeps its clientOrderId until it is answered, so a retry after a network
 * failure moves money once.
 */
export function CryptoWithdrawForm({
  coinCode,
  scale,
  chain,
  available,
  previous,
  w,
  onWithdrawn,
}: {
  readonly coinCode: string;
  readonly scale: number;
  readonly chain: ChainConfig;
  /** What the wallet holds of the coin and may spend (decimal text). */
  readonly available: string;
  /** Addresses the user withdrew to before, newest first. */
  readonly previous: readonly string[];
  readonly w: WalletText;
  readonly onWithdrawn: (record: WalletRecord) => Promise<void>;
}) {
  const { t, domain, markets } = w;
  const api = useApiClient();
  const minor = useCallback((text: string) => domain.parseAmount(text, scale) ?? 0, [domain, scale]);
  const latest = useRef({ chain, available });
  latest.current = { chain, available };
  const context = useCallback((): CryptoWithdrawalContext => {
    const { chain: now, available: balance } = latest.current;
    return {
      coin: coinCode as CryptoWithdrawalContext["coin"],
      network: now.network,
      available: minor(balance),
      fee: minor(now.withdrawFee),
      minimum: minor(now.minWithdraw),
      maximum: minor(now.maxWithdraw),
      multiple: minor(now.multiple),
      dailyLeft: minor(now.dailyLeft),
      withdrawEnabled: now.withdrawEnabled,
      memoRequired: now.memoRequired,
    };
  }, [coinCode, minor]);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    trigger,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useDomainForm<CryptoWithdrawValues>({
    form: "cryptoWithdrawal",
    context,
    defaultValues: { coinCode, network: chain.network, address: "", memo: "", amount: "", clientOrderId: crypto.randomUUID() },
  });
  // The attempt sent and not answered (a network failure): its retry keeps its clientOrderId.
  const unanswered = useRef<{ readonly id: string; readonly input: string } | null>(null);

  const [address, amount] = [watch("address"), watch("amount")];
  const check = address.trim() === "" ? undefined : markets.checkAddress(chain.network, address);
  const similar = check?.ok ? previous.find((used) => markets.looksLike(used, check.address ?? address)) : undefined;
  // A checksum or a network is known only once the whole address is there: say so at once,
  // before the field is left.
  const outcome = check ? `${check.ok}/${check.code ?? ""}/${check.network ?? ""}` : "";
  const showNow = check !== undefined && (check.ok || SHOWN_AS_TYPED.has(check.code ?? ""));
  useEffect(() => {
    if (showNow) void trigger("address");
  }, [outcome, showNow, trigger]);

  const max = markets.cryptoWithdrawalMax(minor(available), minor(chain.withdrawFee), minor(chain.multiple), minor(chain.maxWithdraw));
  const typed = domain.parseAmount(amount, scale);
  const fee = minor(chain.withdrawFee);
  const coin = (text: string) => w.coinAmount(text, coinCode);
  const network = w.networkName(chain.network);

  const submit = handleSubmit(async (values) => {
    const canonical = markets.checkAddress(chain.network, values.address).address ?? values.address.trim();
    const lookalike = previous.find((used) => markets.looksLike(used, canonical));
    if (lookalike && !(await askConfirm(t("wallet.withdraw.lookalike_confirm", { address: canonical, previous: lookalike })))) return;
    const input = JSON.stringify([values.network, canonical, values.memo, values.amount]);
    const clientOrderId = unanswered.current?.input === input ? unanswered.current.id : values.clientOrderId;
    unanswered.current = { id: clientOrderId, input };
    const answer = await withdrawCrypto(api, {
      coinCode,
      network: values.network,
      address: canonical,
      amount: values.amount,
      clientOrderId,
      ...(values.memo.trim() !== "" && { memo: values.memo.trim() }),
    });
    if (answer.ok || !answer.networkError) unanswered.current = null;
    if (answer.ok) {
      reset({ coinCode, network: chain.network, address: "", memo: "", amount: "", clientOrderId: crypto.randomUUID() });
      await onWithdrawn(answer.content);
    } else {
      // The next attempt with other details gets an id of its own; the same details, the kept one.
      setValue("clientOrderId", crypto.randomUUID());
      applyRefusal(setError, answer, FIELDS);
    }
  });

  const addressHelp = check?.ok
    ? t("wallet.withdraw.address_ok", { network })
    : t("wallet.withdraw.address_help", { network });

  return (
    <FormStack onSubmit={submit} label={t("wallet.withdraw.form")}>
      <FormField label={t("wallet.withdraw.address")} error={errors.address} helperText={addressHelp} required>
        <Input {...register("address")} autoComplete="off" spellCheck={false} fontFamily="mono" />
      </FormField>
      {similar && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t("wallet.withdraw.lookalike", { previous: similar })}</Alert.Title>
        </Alert.Root>
      )}
      {(chain.memoRequired || errors.memo) && (
        <FormField label={t("wallet.withdraw.memo")} error={errors.memo} helperText={t("wallet.withdraw.memo_help")} required={chain.memoRequired}>
          <Input {...register("memo")} autoComplete="off" />
        </FormField>
      )}
      <FormField
        label={t("wallet.withdraw.amount", { coin: coinCode })}
        error={errors.amount}
        helperText={t("wallet.withdraw.amount_help", {
          minimum: coin(chain.minWithdraw),
          maximum: coin(chain.maxWithdraw),
          multiple: coin(chain.multiple),
        })}
        required
      >
        <Group attached width="full">
          <Input {...register("amount")} inputMode="decimal" autoComplete="off" />
          <Button
            variant="outline"
            aria-label={t("wallet.withdraw.max_named", { amount: coin(domain.amountText(max, scale)) })}
            onClick={() => setValue("amount", domain.amountText(max, scale), { shouldValidate: true, shouldDirty: true })}
          >
            {t("wallet.withdraw.max")}
          </Button>
        </Group>
      </FormField>
      <DataList.Root orientation="horizontal" size="sm" gap="2" aria-live="polite">
        <DataList.Item>
          <DataList.ItemLabel minWidth="44">{t("wallet.withdraw.available")}</DataList.ItemLabel>
          <DataList.ItemValue fontVariantNumeric="tabular-nums">{coin(available)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minWidth="44">{t("wallet.withdraw.fee")}</DataList.ItemLabel>
          <DataList.ItemValue fontVariantNumeric="tabular-nums">{coin(chain.withdrawFee)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minWidth="44">{t("wallet.withdraw.received")}</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="semibold" fontVariantNumeric="tabular-nums">
            {typed !== undefined && typed > 0 ? coin(domain.amountText(typed, scale)) : "—"}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minWidth="44">{t("wallet.withdraw.debited")}</DataList.ItemLabel>
          <DataList.ItemValue fontVariantNumeric="tabular-nums">
            {typed !== undefined && typed > 0 ? coin(domain.amountText(typed + fee, scale)) : "—"}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minWidth="44">{t("wallet.withdraw.daily_left")}</DataList.ItemLabel>
          <DataList.ItemValue fontVariantNumeric="tabular-nums">
            {t("wallet.withdraw.daily_left_value", { left: coin(chain.dailyLeft), limit: coin(chain.dailyLimit) })}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <Text fontSize="sm" color="fg.muted">
        {t("wallet.withdraw.fee_note")} {t("wallet.withdraw.review_note")}
      </Text>
      {/* The fields the page chose (coin, network) and the attempt's id have no control of their own. */}
      <FormError error={errors.network ?? errors.coinCode ?? errors.clientOrderId} />
      <FormError error={errors.root} />
      <Button type="submit" colorPalette="teal" loading={isSubmitting}>
        {t("wallet.withdraw.submit")}
      </Button>
    </FormStack>
  );
}
