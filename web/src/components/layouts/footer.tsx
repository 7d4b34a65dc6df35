import { Box, Container, Flex, HStack, Link, Text } from "@chakra-ui/react";
import { memo } from "react";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@/config/paths";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";

const DOCUMENTS: readonly (readonly [to: string, label: MessageKey])[] = [
  [paths.docsPrivacy, "footer.privacy"],
  [paths.docsAgreement, "footer.agreement"],
  [paths.docsTaxForms, "footer.tax_forms"],
];

/** Every page's foot: the static documents (SPEC §2) and the copyright; renders with its language only. */
export const Footer = memo(function Footer() {
  const { t } = useI18n();
  return (
    <Box as="footer" borderTopWidth="1px" bg="bg.subtle" fontSize="sm">
      <Container maxWidth="7xl" paddingY="6">
        <Flex direction={{ base: "column", md: "row" }} gap="3" justify="space-between" align={{ md: "center" }}>
          <HStack as="nav" aria-label={t("footer.documents")} gap="5" wrap="wrap">
            {DOCUMENTS.map(([to, label]) => (
              <Link key={to} asChild color="fg.muted">
                <RouterLink to={to}>{t(label)}</RouterLink>
              </Link>
            ))}
          </HStack>
          <Text color="fg.muted">{t("footer.copyright", { year: new Date().getFullYear() })}</Text>
        </Flex>
      </Container>
    </Box>
  );
});
