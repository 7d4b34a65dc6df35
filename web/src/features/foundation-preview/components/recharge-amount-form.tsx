import { DataList, Input } from "@chakra-ui/react";
import { useWatch } from "react-hook-form";
import { FormError, FormField, useDomainForm } from "@/components/ui/form";
import { useDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import { PreviewFormCard } from "./preview-form-card";
import { useReportValid } from "./use-report-valid";

// A fixed example: 1,234.56 USD available (minor units) and the 1% transaction fee.
const AVAILABLE_BALANCE_MINOR = 123_456;
const RECHARGE_RATE = "0.01";
const USD_SCALE = 2;

interface RechargeValues {
  cardKey: string;
  amount: string;
}

const rechargeContext = () => ({ availableBalance: AVAILABLE_BALANCE_MINOR });

/** The recharge amount with a live preview of the fee and the amount credited. */
export function RechargeAmountForm() {
  const { t } = useI18n();
  const domain = useDomain();
  const reportValid = useReportValid();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useDomainForm<RechargeValues>({
    form: "recharge",
    context: rechargeContext,
    defaultValues: { cardKey: "demo", amount: "" },
  });

  const amount = useWatch({ control, name: "amount" });
  const quote = domain.rechargeQuote(amount, RECHARGE_RATE);
  const usd = (minor: number | undefined) =>
    minor === undefined
      ? t("preview.recharge.no_amount")
      : t("money.usd", { amount: domain.formatAmount(minor, USD_SCALE) });

  const facts = [
    { label: t("preview.recharge.available"), value: usd(AVAILABLE_BALANCE_MINOR) },
    { label: t("preview.recharge.rate"), value: domain.formatRate(RECHARGE_RATE) },
    { label: t("preview.recharge.fee"), value: usd(quote?.feeMinor) },
    { label: t("preview.recharge.credited"), value: usd(quote?.creditedMinor) },
  ];

  return (
    <PreviewFormCard
      title={t("preview.recharge.title")}
      onSubmit={handleSubmit(reportValid)}
      submitting={isSubmitting}
    >
      <FormField label={t("preview.recharge.amount")} error={errors.amount} required>
        <Input {...register("amount")} inputMode="decimal" autoComplete="off" />
      </FormField>
      <DataList.Root orientation="horizontal" size="sm">
        {facts.map(({ label, value }) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue justifyContent="end" fontVariantNumeric="tabular-nums">
              {value}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <FormError error={errors.root} />
    </PreviewFormCard>
  );
}
