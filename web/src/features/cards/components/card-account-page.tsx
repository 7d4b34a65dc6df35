import { Button, Card, Heading, HStack, Stack } from "@chakra-ui/react";
import { useId } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { ReactNode } from "react";
import { paths } from "@/config/paths";
import { useI18n } from "@/lib/i18n";
import { CardList, type CardListProps } from "./card-list";

export interface CardAccountPageProps extends CardListProps {
  /** The USD account's balance as the account feature shows it. */
  readonly balance: ReactNode;
}

/** /account/fiscard: the USD balance, apply and history, and the card list. */
export function CardAccountPage({ balance, ...list }: CardAccountPageProps) {
  const { t } = useI18n();
  const cardsHeading = useId();
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t("card.title")}
      </Heading>
      <Card.Root>
        <Card.Body>
          <Stack direction={{ base: "column", md: "row" }} justify="space-between" align={{ md: "center" }} gap="4">
            {balance}
            <HStack gap="3" wrap="wrap">
              <Button asChild colorPalette="teal">
                <RouterLink to={`${paths.productFiscard}#apply`}>{t("card.apply")}</RouterLink>
              </Button>
              <Button asChild variant="outline">
                <RouterLink to={paths.accountOrderCard}>{t("card.history")}</RouterLink>
              </Button>
            </HStack>
          </Stack>
        </Card.Body>
      </Card.Root>
      <Stack as="section" gap="4" aria-labelledby={cardsHeading}>
        <Heading as="h2" size="md" id={cardsHeading}>
          {t("card.list_title")}
        </Heading>
        <CardList {...list} />
      </Stack>
    </Stack>
  );
}
