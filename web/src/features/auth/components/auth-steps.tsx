import { HStack, Text } from "@chakra-ui/react";
import { useI18n } from "@/lib/i18n";

export type AuthStep = "form" | "verify" | "password";

/** Where the flow is: "Form · Verify · Password", the current step marked for screen readers. */
export function AuthSteps({ steps, current }: { readonly steps: readonly AuthStep[]; readonly current: AuthStep }) {
  const { t } = useI18n();
  return (
    <HStack as="ol" gap="3" listStyleType="none" fontSize="sm" aria-label={t("auth.steps")}>
      {steps.map((step, index) => (
        <Text
          as="li"
          key={step}
          fontWeight={step === current ? "semibold" : "normal"}
          color={step === current ? "teal.fg" : "fg.muted"}
          aria-current={step === current ? "step" : undefined}
        >
          {index + 1}. {t(`auth.step.${step}`)}
        </Text>
      ))}
    </HStack>
  );
}
