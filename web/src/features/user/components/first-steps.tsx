import { Box, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@/config/paths";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";
import { useFirstSteps, type FirstStepName } from "../api/get-first-steps";

/** Where each step is done. */
const STEPS: Readonly<Record<FirstStepName, { readonly label: MessageKey; readonly to: string }>> = {
  secureAccount: { label: "first_steps.secureAccount", to: paths.security },
  verifyIdentity: { label: "first_steps.verifyIdentity", to: `${paths.profile}#basic` },
  applyCard: { label: "first_steps.applyCard", to: `${paths.productFiscard}#apply` },
  fundCard: { label: "first_steps.fundCard", to: paths.accountFiscard },
};

/**
 * A new user's checklist on the account area (secure the account, verify identity, apply for a
 * card, fund it), each step a link to where it is done, ticked from the user's real state; it
 * goes once every step is done. `page` is the page shown: the steps are read again on each.
 */
export function FirstStepsPanel({ page }: { readonly page: string }) {
  const { t } = useI18n();
  const { data, mutate } = useFirstSteps();
  // Read again on each other page (the first is read as the checklist mounts).
  const shownOn = useRef(page);
  useEffect(() => {
    if (shownOn.current === page) return;
    shownOn.current = page;
    void mutate();
  }, [page, mutate]);
  if (!data || data.done) return null;
  const done = data.steps.filter((s) => s.done).length;
  return (
    <Box as="section" aria-labelledby="first-steps-title" borderWidth="1px" rounded="md" padding="4" marginTop="8" bg="bg.panel">
      <Stack gap="3">
        <HStack justify="space-between" align="baseline" wrap="wrap">
          <Heading as="h2" size="md" id="first-steps-title">
            {t("first_steps.title")}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t("first_steps.progress", { done, total: data.steps.length })}
          </Text>
        </HStack>
        <Stack as="ol" gap="2" listStyleType="none" margin="0">
          {data.steps.map(({ step, done: ticked }, index) => (
            <Box as="li" key={step} display="flex" gap="2" alignItems="center">
              <Box
                as="span"
                aria-hidden="true"
                width="6"
                height="6"
                rounded="full"
                display="inline-flex"
                alignItems="center"
                justifyContent="center"
                fontSize="xs"
                fontWeight="bold"
                flexShrink={0}
                bg={ticked ? "teal.solid" : "bg.muted"}
                color={ticked ? "teal.contrast" : "fg.muted"}
              >
                {ticked ? "✓" : index + 1}
              </Box>
              {ticked ? (
                <Text color="fg.muted" textDecoration="line-through">
                  {t(STEPS[step].label)}
                  <Box as="span" srOnly>
                    {` (${t("first_steps.done")})`}
                  </Box>
                </Text>
              ) : (
                <Link asChild colorPalette="teal" fontWeight="medium">
                  <RouterLink to={STEPS[step].to}>{t(STEPS[step].label)}</RouterLink>
                </Link>
              )}
            </Box>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
