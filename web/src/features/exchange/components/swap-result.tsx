import { Alert, Box, Button, Heading, Link, Stack } from "@chakra-ui/react";
import { useEffect, useId, useRef } from "react";
import { Link as RouterLink } from "react-router-dom";
import { exchangeSwapDetail } from "@/config/paths";
import type { ExchangeSwap } from "../api/accept-quote";
import { SwapFacts } from "./swap-facts";
import type { ExchangeText } from "./use-exchange-text";

/** The swap just made, with its details' link and "New swap"; it takes the focus as it shows. */
export function SwapResult({ swap, onAgain, x }: { readonly swap: ExchangeSwap; readonly onAgain: () => void; readonly x: ExchangeText }) {
  const { t } = x;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" rounded="lg" padding={{ base: "4", md: "6" }}>
      <Stack gap="5">
        <Heading as="h2" size="md" id={headingId} ref={heading} tabIndex={-1}>
          {t("exchange.result.title")}
        </Heading>
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>
            {t("exchange.result.summary", { paid: x.amount(swap.fromAmount, swap.fromCoin), received: x.amount(swap.toAmount, swap.toCoin) })}
          </Alert.Title>
        </Alert.Root>
        <SwapFacts swap={swap} x={x} />
        <Stack direction={{ base: "column", sm: "row" }} gap="3" align={{ base: "stretch", sm: "center" }}>
          <Button colorPalette="teal" onClick={onAgain}>
            {t("exchange.result.again")}
          </Button>
          <Link asChild colorPalette="teal" alignSelf="center">
            <RouterLink to={exchangeSwapDetail(swap.id)}>{t("exchange.result.details")}</RouterLink>
          </Link>
        </Stack>
      </Stack>
    </Box>
  );
}
