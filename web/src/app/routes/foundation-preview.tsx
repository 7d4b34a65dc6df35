import { Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { BindAuthenticatorForm } from "@/features/foundation-preview/components/bind-authenticator-form";
import { RechargeAmountForm } from "@/features/foundation-preview/components/recharge-amount-form";
import { useI18n } from "@/lib/i18n";

/** Home for now: two real forms checked live by the wasm domain rules. */
export function FoundationPreviewRoute() {
  const { t } = useI18n();
  return (
    <Container maxWidth="6xl" paddingY={{ base: "6", md: "10" }}>
      <Stack gap={{ base: "6", md: "8" }}>
        <Stack gap="2">
          <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
            {t("preview.title")}
          </Heading>
          <Text color="fg.muted" maxWidth="prose">
            {t("preview.intro")}
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" alignItems="start">
          <BindAuthenticatorForm />
          <RechargeAmountForm />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
