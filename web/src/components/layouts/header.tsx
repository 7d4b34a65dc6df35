import { Container, Flex, Link } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { LanguagePicker } from "@/components/language-picker";
import { paths } from "@/config/paths";
import { useI18n } from "@/lib/i18n";

export function Header() {
  const { t } = useI18n();
  return (
    <Flex as="header" borderBottomWidth="1px" bg="bg.panel" position="sticky" top="0" zIndex="sticky">
      <Container maxWidth="6xl" paddingY="3">
        <Flex align="center" justify="space-between" gap="4">
          <Link asChild fontWeight="bold" fontSize="xl" color="teal.fg" textDecoration="none">
            <RouterLink to={paths.home}>{t("app.name")}</RouterLink>
          </Link>
          <LanguagePicker />
        </Flex>
      </Container>
    </Flex>
  );
}
