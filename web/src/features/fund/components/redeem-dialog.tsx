import { Alert, Button, Group, Input, NativeSelect, Skeleton, Text } from "@chakra-ui/react";
import { useCallback, useRef } from "react";
import { AppDialog } from "@/components/ui/app-dialog";
import { LoadFailed } from "@/components/ui/load-failed";
import { applyRefusal, FormError, FormField, FormStack, useDomainForm } from "@/components/ui/form";
import { StatusCode } from "@/lib/api-client";
import { useApiClient } from "@/lib/api-provider";
import { useFundConfig, type FundConfig } from "../api/get-fund-config";
import type { FundPosition } from "../api/get-fund-positions";
import type { Product } from "../api/get-products";
import { redeem, type RedeemInput } from "../api/redeem";
import type { FundOrder } from "../api/subscribe";
import { RedeemFacts, type AssetUnit } from "./preview-facts";
import { scaleOf, type FundText } from "./use-fund-text";
import { useFundPreviews } from "./use-fund-previews";

interface RedeemValues {
  productId: string;
  positionId: string;
  destination: string;
  amount: string;
}

/** The form's fields the server may name in its field errors. */
const FIELDS = ["productId", "positionId", "destination", "amount"];

/** The "fundRedeem" form's context, as `GET config` sends it. */
type RedeemContext = NonNullable<FundConfig["redeem"]>;

/** What is redeemed: the current product's shares, or one fixed position whole. */
export type Redemption = { readonly product: Product; readonly position?: FundPosition };

/**
 * A redemption, checked by the domain's "fundRedeem" form against the context the server sent
 * (the usable shares, or the position's principal), with what it will do as the domain previews
 * it. The current product: where the money goes and how much ("Max": every usable share). A fixed
 * position: whole, back to the fund account; from its interest date the interest accrued so far
 * is forfeited, said before it is confirmed. The server asks for the step-up codes (103).
 */
function RedeemForm({
  redemption,
  context: ctx,
  f,
  onRedeemed,
  onStale,
}: {
  readonly redemption: Redemption;
  readonly context: RedeemContext;
  readonly f: FundText;
  readonly onRedeemed: (order: FundOrder) => Promise<void>;
  /** Reads the context again (the preview it gave is stale). */
  readonly onStale: () => Promise<unknown>;
}) {
  const { t, domain } = f;
  const { product, position } = redemption;
  const api = useApiClient();
  const previews = useFundPreviews();
  const unit: AssetUnit = { asset: product.asset, scale: scaleOf(product.minimum) };
  const latest = useRef(ctx);
  latest.current = ctx;
  const context = useCallback((): RedeemContext => latest.current, []);
  const whole = domain.amountText(ctx.redeemable, unit.scale);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useDomainForm<RedeemValues>({
    form: "fundRedeem",
    context,
    defaultValues: {
      productId: product.productId,
      positionId: position?.positionId ?? "",
      destination: product.redeem[0] ?? "",
      amount: position ? whole : "",
    },
  });
  const unanswered = useRef<{ readonly key: string; readonly input: string } | null>(null);
  const amount = watch("amount");
  const money = (minor: number) => f.minor(minor, unit.asset, unit.scale);
  const preview = previews.redeem(ctx.product, ctx.today, amount);

  const submit = handleSubmit(async (values) => {
    const input = JSON.stringify([values.destination, values.amount]);
    const key = unanswered.current?.input === input ? unanswered.current.key : crypto.randomUUID();
    unanswered.current = { key, input };
    const body: RedeemInput = {
      productId: product.productId,
      destination: values.destination,
      amount: values.amount,
      ...(position && { positionId: position.positionId }),
      ...(position && preview && { forfeitedInterest: domain.amountText(preview.forfeitedInterest, unit.scale) }),
    };
    const answer = await redeem(api, body, key);
    if (answer.ok || !answer.networkError) unanswered.current = null;
    if (answer.ok) {
      await onRedeemed(answer.content);
    } else {
      applyRefusal(setError, answer, FIELDS);
      // A preview gone stale (409: the day moved on): the context is read again, so is the preview.
      if (answer.statusCode === StatusCode.Conflict) await onStale();
    }
  });

  return (
    <FormStack onSubmit={submit} label={t("fund.redeem.form")}>
      {position ? (
        <Text>{t("fund.redeem.position_note", { amount: money(ctx.redeemable), date: f.day(position.maturityDate) })}</Text>
      ) : (
        <>
          <FormField label={t("fund.redeem.destination")} error={errors.destination} required>
            <NativeSelect.Root>
              <NativeSelect.Field {...register("destination")}>
                {product.redeem.map((d) => (
                  <option key={d} value={d}>
                    {f.sourceName(d)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField
            label={t("fund.redeem.amount", { asset: unit.asset })}
            error={errors.amount}
            helperText={t("fund.redeem.usable", { amount: money(ctx.redeemable) })}
            required
          >
            <Group attached width="full">
              <Input {...register("amount")} inputMode="decimal" autoComplete="off" />
              <Button
                variant="outline"
                aria-label={t("fund.max_named", { amount: money(ctx.redeemable) })}
                onClick={() => setValue("amount", whole, { shouldValidate: true, shouldDirty: true, shouldTouch: true })}
              >
                {t("fund.max")}
              </Button>
            </Group>
          </FormField>
        </>
      )}
      <RedeemFacts preview={preview} unit={unit} f={f} />
      {preview?.early && preview.forfeitedInterest > 0 && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t("fund.redeem.forfeit_warning", { amount: money(preview.forfeitedInterest) })}</Alert.Title>
        </Alert.Root>
      )}
      {!position && (
        <Text fontSize="sm" color="fg.muted">
          {t("fund.redeem.current_note")}
        </Text>
      )}
      {/* The fields the dialog chose (product, position) and a fixed amount have no control of their own. */}
      <FormError error={errors.productId ?? errors.positionId ?? (position ? errors.amount ?? errors.destination : undefined)} />
      <FormError error={errors.root} />
      <Button type="submit" colorPalette={preview?.early ? "red" : "teal"} loading={isSubmitting}>
        {t(preview?.early ? "fund.redeem.submit_early" : "fund.redeem.submit")}
      </Button>
    </FormStack>
  );
}

/** The redeem dialog: the context of the product (and position) read as it opens, then the form. */
export function RedeemDialog({
  redemption,
  f,
  onClose,
  onRedeemed,
}: {
  readonly redemption: Redemption;
  readonly f: FundText;
  readonly onClose: () => void;
  readonly onRedeemed: (order: FundOrder) => Promise<void>;
}) {
  const { product, position } = redemption;
  const { data: config, error, mutate } = useFundConfig(product.productId, position?.positionId);
  let body;
  if (error) body = <LoadFailed onRetry={() => void mutate()} />;
  else if (!config) body = <Skeleton height="48" />;
  else if (!config.redeem) body = <Text>{f.t("fund.redeem.nothing")}</Text>;
  else body = <RedeemForm redemption={redemption} context={config.redeem} f={f} onRedeemed={onRedeemed} onStale={() => mutate()} />;
  return (
    <AppDialog title={f.t("fund.redeem.title", { product: product.productName })} onClose={onClose}>
      {body}
    </AppDialog>
  );
}
