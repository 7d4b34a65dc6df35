import { Field, NativeSelect } from "@chakra-ui/react";
import type { ChangeEvent } from "react";
import { toaster } from "@/components/ui/toaster-queue";
import { useI18n } from "@/lib/i18n";
import { LOCALES, isLocale } from "@/lib/locale";

/** Switches the interface language at once; the choice is remembered on this device. */
export function LanguagePicker() {
  const { locale, setLocale, t } = useI18n();

  const choose = async (event: ChangeEvent<HTMLSelectElement>) => {
    const chosen = event.currentTarget.value;
    if (!isLocale(chosen)) return;
    if (!(await setLocale(chosen))) {
      toaster.create({ type: "error", title: t("header.language_failed") });
    }
  };

  return (
    <Field.Root width="auto">
      <Field.Label srOnly>{t("header.language")}</Field.Label>
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field value={locale} onChange={choose}>
          {LOCALES.map(({ code, label }) => (
            <option key={code} value={code} lang={code}>
              {label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
