import { Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { useI18n } from "@/lib/i18n";

/** Shown instead of a route that failed to load or render (e.g. a chunk or the wasm module). */
export function RouteError() {
  const { t } = useI18n();
  return (
    <Container maxWidth="xl" paddingY="16">
      <Stack gap="4" role="alert">
        <Heading as="h1" size="lg">
          {t("app.error.title")}
        </Heading>
        <Text>{t("app.error.body")}</Text>
        <Button alignSelf="start" onClick={() => window.location.reload()}>
          {t("app.error.reload")}
        </Button>
      </Stack>
    </Container>
  );
}
