import { Container, Heading, Link, Stack } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "@/config/paths";
import { useI18n } from "@/lib/i18n";

export function Component() {
  const { t } = useI18n();
  return (
    <Container maxWidth="xl" paddingY="16">
      <Stack gap="4">
        <Heading as="h1" size="lg">
          {t("app.not_found.title")}
        </Heading>
        <Link asChild>
          <RouterLink to={paths.home}>{t("app.not_found.home")}</RouterLink>
        </Link>
      </Stack>
    </Container>
  );
}
