import { Box, Button, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { useI18n } from "@/lib/i18n";
import { CardArt } from "./card-art";

/** The offer at a glance: what the card is, and the way to the application form. */
export function Hero() {
  const { t } = useI18n();
  return (
    <Box as="section" aria-labelledby="fiscard-title" bgGradient="to-b" gradientFrom="teal.50" gradientTo="bg">
      <Container maxWidth="6xl" paddingY={{ base: "10", md: "20" }}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: "10", md: "12" }} alignItems="center">
          <Stack gap="5">
            <Text fontSize="sm" fontWeight="semibold" letterSpacing="wide" textTransform="uppercase" color="teal.fg">
              {t("product.hero.eyebrow")}
            </Text>
            <Heading as="h1" id="fiscard-title" size={{ base: "3xl", md: "5xl" }} lineHeight="shorter" textWrap="balance">
              {t("product.fiscard.title")}
            </Heading>
            <Text fontSize={{ base: "md", md: "lg" }} color="fg.muted">
              {t("product.fiscard.intro")}
            </Text>
            <Box>
              <Button asChild size="lg" colorPalette="teal">
                <RouterLink to="#apply">{t("product.hero.cta")}</RouterLink>
              </Button>
            </Box>
          </Stack>
          <CardArt />
        </SimpleGrid>
      </Container>
    </Box>
  );
}
