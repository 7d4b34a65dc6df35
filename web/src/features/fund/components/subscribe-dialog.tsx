import { Button, Group, Input, NativeSelect, Skeleton, Text } from "@chakra-ui/react";
import { useCallback, useRef } from "react";
import { AppDialog } from "@/components/ui/app-dialog";
import { LoadFailed } from "@/components/ui/load-failed";
import { applyRefusal, FormError, FormField, FormStack, useDomainForm } from "@/components/ui/form";
import { useApiClient } from "@/lib/api-provider";
import { useFundConfig, type FundConfig } from "../api/get-fund-config";
import type { Product } from "../api/get-products";
import { subscribe, type FundOrder } from "../api/subscribe";
import { SubscribeFacts, type AssetUnit } from "./preview-facts";
import { scaleOf, type FundText } from "./use-fund-text";
import { useFundPreviews } from "./use-fund-previews";

interface SubscribeValues {
  productId: string;
  source: string;
  amount: string;
}

/** The form's fields the server may name in its field errors. */
const FIELDS = ["productId", "source", "amount"];

/** The "fundSubscribe" form's context, as `GET config` sends it. */
type SubscribeContext = FundConfig["subscribe"];

/** What a source holds, in minor units. */
function balanceOf(context: SubscribeContext, source: string): number {
  const { balances } = context;
  if (source === "WALLET") return balances.wallet;
  if (source === "USD") return balances.usd;
  return balances.fund;
}

/**
 * Subscribing to `product`: where the money comes from (the sources it takes, each with what it
 * holds), the amount ("Max": all the source holds within what the product still takes), checked by
 * the domain's "fundSubscribe" form against the context the server sent (limits, balances, the
 * product open), and what it will do as the domain previews it (the figures the server executes).
 * The server asks for the step-up codes (103) and checks it all again; an attempt keeps its
 * Idempotency-Key until it is answered.
 */
function SubscribeForm({
  product,
  config,
  f,
  onSubscribed,
}: {
  readonly product: Product;
  readonly config: FundConfig;
  readonly f: FundText;
  readonly onSubscribed: (order: FundOrder) => Promise<void>;
}) {
  const { t, domain } = f;
  const api = useApiClient();
  const previews = useFundPreviews();
  const unit: AssetUnit = { asset: product.asset, scale: scaleOf(product.minimum) };
  const latest = useRef(config);
  latest.current = config;
  const context = useCallback((): SubscribeContext => latest.current.subscribe, []);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useDomainForm<SubscribeValues>({
    form: "fundSubscribe",
    context,
    defaultValues: { productId: product.productId, source: product.subscribe[0] ?? "", amount: "" },
  });
  const unanswered = useRef<{ readonly key: string; readonly input: string } | null>(null);
  const [source, amount] = [watch("source"), watch("amount")];
  const ctx = config.subscribe;
  const balance = balanceOf(ctx, source);
  const max = Math.max(0, Math.min(balance, ctx.maximum));
  const money = (minor: number) => f.minor(minor, unit.asset, unit.scale);
  const preview = previews.subscribe(ctx.product, ctx.today, amount);
  const fixed = product.type === "FIXED";

  const submit = handleSubmit(async (values) => {
    const input = JSON.stringify([values.source, values.amount]);
    const key = unanswered.current?.input === input ? unanswered.current.key : crypto.randomUUID();
    unanswered.current = { key, input };
    const answer = await subscribe(api, { productId: product.productId, source: values.source, amount: values.amount }, key);
    if (answer.ok || !answer.networkError) unanswered.current = null;
    if (answer.ok) await onSubscribed(answer.content);
    else applyRefusal(setError, answer, FIELDS);
  });

  return (
    <FormStack onSubmit={submit} label={t("fund.subscribe.form")}>
      <FormField label={t("fund.subscribe.source")} error={errors.source} helperText={t("fund.available", { amount: money(balance) })} required>
        <NativeSelect.Root>
          <NativeSelect.Field {...register("source")}>
            {product.subscribe.map((s) => (
              <option key={s} value={s}>
                {f.sourceName(s)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField
        label={t("fund.subscribe.amount", { asset: unit.asset })}
        error={errors.amount}
        helperText={t("fund.limits", { minimum: money(ctx.minimum), maximum: money(ctx.maximum) })}
        required
      >
        <Group attached width="full">
          <Input {...register("amount")} inputMode="decimal" autoComplete="off" />
          <Button
            variant="outline"
            aria-label={t("fund.max_named", { amount: money(max) })}
            onClick={() => setValue("amount", domain.amountText(max, unit.scale), { shouldValidate: true, shouldDirty: true, shouldTouch: true })}
          >
            {t("fund.max")}
          </Button>
        </Group>
      </FormField>
      <SubscribeFacts preview={preview} unit={unit} fixed={fixed} f={f} />
      <Text fontSize="sm" color="fg.muted">
        {t(fixed ? "fund.subscribe.fixed_note" : "fund.subscribe.current_note")}
      </Text>
      <FormError error={errors.productId} />
      <FormError error={errors.root} />
      <Button type="submit" colorPalette="teal" loading={isSubmitting}>
        {t("fund.subscribe.submit")}
      </Button>
    </FormStack>
  );
}

/** The subscribe dialog of `product`: its context read as it opens, then the form. */
export function SubscribeDialog({
  product,
  f,
  onClose,
  onSubscribed,
}: {
  readonly product: Product;
  readonly f: FundText;
  readonly onClose: () => void;
  readonly onSubscribed: (order: FundOrder) => Promise<void>;
}) {
  const { data: config, error, mutate } = useFundConfig(product.productId);
  let body;
  if (error) body = <LoadFailed onRetry={() => void mutate()} />;
  else if (!config) body = <Skeleton height="64" />;
  else body = <SubscribeForm product={product} config={config} f={f} onSubscribed={onSubscribed} />;
  return (
    <AppDialog title={f.t("fund.subscribe.title", { product: product.productName })} onClose={onClose}>
      {body}
    </AppDialog>
  );
}
