import { Container } from "@chakra-ui/react";
import { PlaceholderPage } from "@/components/ui/placeholder-page";
import { useI18n } from "@/lib/i18n";

/** /product/fiscard: the card's landing page (its content and #apply form come with the card issue). */
export function Component() {
  const { t } = useI18n();
  return (
    <Container maxWidth="7xl" paddingY={{ base: "8", md: "16" }}>
      <PlaceholderPage title={t("product.fiscard.title")} note={t("product.fiscard.intro")} />
    </Container>
  );
}
