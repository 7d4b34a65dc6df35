import { Button, Field, Input, NativeSelect, SimpleGrid } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";

export interface QueueFilterValues {
  readonly verification: string;
  readonly stage: string;
  readonly screening: string;
  readonly waitingHours: string;
}

const VERIFICATIONS = ["basic", "investor", "aml", "qualify"] as const;
const STAGES = ["review", "second_approval"] as const;
const SCREENING = ["hits", "clear"] as const;

/** The queue's filters: each change applies at once (and goes back to the first page). */
export function QueueFilters({
  values,
  onChange,
}: {
  readonly values: QueueFilterValues;
  readonly onChange: (values: QueueFilterValues) => void;
}) {
  const { t } = useI18n();
  const set = (name: keyof QueueFilterValues) => (value: string) => onChange({ ...values, [name]: value });
  const anySet = Object.values(values).some((value) => value !== "");
  return (
    <SimpleGrid as="search" aria-label={t("ops.queue.filters")} columns={{ base: 2, md: 5 }} gap="3" alignItems="end">
      <Choice label={t("ops.queue.verification")} value={values.verification} onChange={set("verification")}>
        {VERIFICATIONS.map((code) => (
          <option key={code} value={code}>
            {t(`ops.verification.${code}` as MessageKey)}
          </option>
        ))}
      </Choice>
      <Choice label={t("ops.queue.stage")} value={values.stage} onChange={set("stage")}>
        {STAGES.map((code) => (
          <option key={code} value={code}>
            {t(`ops.stage.${code}` as MessageKey)}
          </option>
        ))}
      </Choice>
      <Choice label={t("ops.queue.screening")} value={values.screening} onChange={set("screening")}>
        {SCREENING.map((code) => (
          <option key={code} value={code}>
            {t(`ops.screening.${code}` as MessageKey)}
          </option>
        ))}
      </Choice>
      <Field.Root>
        <Field.Label>{t("ops.queue.waiting_hours")}</Field.Label>
        <Input
          type="number"
          min={0}
          inputMode="numeric"
          value={values.waitingHours}
          onChange={(event) => set("waitingHours")(event.target.value.replace(/\D/g, ""))}
        />
      </Field.Root>
      {anySet && (
        <Button variant="ghost" size="sm" onClick={() => onChange({ verification: "", stage: "", screening: "", waitingHours: "" })}>
          {t("ops.queue.clear_filters")}
        </Button>
      )}
    </SimpleGrid>
  );
}

function Choice({
  label,
  value,
  onChange,
  children,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t("ops.queue.all")}</option>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
