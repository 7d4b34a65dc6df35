import { Button, Grid, Group, Input, Stack } from "@chakra-ui/react";
import type { ExchangeQuoteContext, Priced, Side } from "domain-markets";
import { useCallback, useEffect, useRef, useState } from "react";
import { useController } from "react-hook-form";
import { applyRefusal, FormError, FormField, FormStack, useDomainForm } from "@/components/ui/form";
import { StatusCode, type ApiRefusal } from "@/lib/api-client";
import type { ExchangeSwap } from "../api/accept-quote";
import type { QuoteInput } from "../api/create-quote";
import type { ExchangePair } from "../api/get-exchange-pairs";
import type { ExchangeRate } from "../api/get-exchange-rate";
import { PreviewSummary } from "./preview-summary";
import { QuoteCard } from "./quote-card";
import type { ExchangeText } from "./use-exchange-text";
import { useQuote } from "./use-quote";

interface ExchangeValues {
  fromCoin: string;
  toCoin: string;
  fromAmount: string;
  toAmount: string;
}

/** The form's fields the server may name in its field errors. */
const FIELDS = ["fromCoin", "toCoin", "fromAmount", "toAmount"];

const AMOUNT_OF: Record<Side, "fromAmount" | "toAmount"> = { FROM: "fromAmount", TO: "toAmount" };
const OTHER: Record<Side, Side> = { FROM: "TO", TO: "FROM" };

type Notice = "exchange.error.prices_unavailable" | "exchange.error.quote_expired";

/** The refusals the form names in its own words. */
const NOTICES: Readonly<Partial<Record<number, Notice>>> = {
  [StatusCode.PricesUnavailable]: "exchange.error.prices_unavailable",
  [StatusCode.QuoteExpired]: "exchange.error.quote_expired",
};

/**
 * A swap of one pair: either amount typed, the other following at once as the domain prices it
 * with the rate's terms (`exchangePreview`, the function the server executes), checked by the
 * domain's "exchangeQuote" form (decimals, limits, the balance); "Max" gives all the balance the
 * pair allows. "Get quote" asks the server for a quote, shown with its countdown and renewed as it
 * runs out until the input changes; "Confirm" accepts it. Stale prices (111) and an expired quote
 * (112, with the fresh quote it brings) are said in the user's language.
 */
export function ExchangeForm({
  rate,
  pair,
  x,
  onSwapped,
}: {
  readonly rate: ExchangeRate;
  readonly pair: ExchangePair;
  readonly x: ExchangeText;
  readonly onSwapped: (swap: ExchangeSwap) => void | Promise<void>;
}) {
  const { t, domain, markets } = x;
  const { fromCoin: from, toCoin: to } = rate;
  const scaleOf: Record<Side, number> = { FROM: pair.fromScale, TO: pair.toScale };
  const latest = useRef({ rate, pair });
  latest.current = { rate, pair };
  const context = useCallback((): ExchangeQuoteContext => {
    const { rate: now, pair: terms } = latest.current;
    const minor = (text: string) => domain.parseAmount(text, terms.fromScale) ?? 0;
    return {
      terms: now.terms,
      minimum: minor(now.minimum),
      maximum: minor(now.maximum),
      available: minor(now.fromAvailable),
      enabled: terms.enabled,
    };
  }, [domain]);
  const { control, handleSubmit, setError, setValue, clearErrors, formState } = useDomainForm<ExchangeValues>({
    form: "exchangeQuote",
    context,
    defaultValues: { fromCoin: from, toCoin: to, fromAmount: "", toAmount: "" },
  });
  const { errors, isSubmitting } = formState;
  const fromAmount = useController({ control, name: "fromAmount" });
  const toAmount = useController({ control, name: "toAmount" });
  const fields = { FROM: fromAmount, TO: toAmount };
  const [side, setSide] = useState<Side>("FROM");
  // Stale prices (111) and an expired quote with no fresh one (112), said by the web app's own
  // texts so that they follow the language as it changes.
  const [notice, setNotice] = useState<Notice | null>(null);

  const showRefusal = useCallback(
    (refusal: ApiRefusal) => {
      const known = NOTICES[refusal.statusCode];
      if (known) setNotice(known);
      else applyRefusal(setError, refusal, FIELDS);
    },
    [setError],
  );
  const quote = useQuote({ onRefused: showRefusal, onSwapped });

  // The typed amount priced at the current terms; the other field shows its counterpart.
  const typed = String(fields[side].field.value).trim();
  const result = typed === "" ? undefined : markets.exchangePreview(rate.terms, side, typed);
  // What it cannot price (too many decimals, too small…) has no counterpart: the form's check says why.
  const priced: Priced | undefined = result === undefined || "error" in result ? undefined : result;
  const counterpart = (s: Side) => {
    const minor = s === "FROM" ? priced?.fromAmount : priced?.toAmount;
    return minor === undefined ? "" : domain.amountText(minor, scaleOf[s]);
  };

  /** `s` becomes the amount the quote fixes (the other one empties); any quote shown goes. */
  const choose = (s: Side) => {
    if (s !== side) {
      setSide(s);
      setValue(AMOUNT_OF[OTHER[s]], "");
      clearErrors(AMOUNT_OF[OTHER[s]]);
    }
    clearErrors("root");
    setNotice(null);
    quote.drop();
  };

  // Max: all the balance, within the pair's maximum.
  const available = domain.parseAmount(rate.fromAvailable, pair.fromScale) ?? 0;
  const maximum = domain.parseAmount(rate.maximum, pair.fromScale) ?? 0;
  const maxText = domain.amountText(Math.max(0, Math.min(available, maximum)), pair.fromScale);
  const fillMax = () => {
    choose("FROM");
    setValue("fromAmount", maxText, { shouldValidate: true, shouldDirty: true, shouldTouch: true });
  };

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    const input: QuoteInput =
      side === "FROM" ? { fromCoin: from, toCoin: to, fromAmount: values.fromAmount } : { fromCoin: from, toCoin: to, toAmount: values.toAmount };
    const refusal = await quote.ask(input);
    if (refusal) showRefusal(refusal);
  });

  // The first quote of an input takes the focus (on a phone it shows below the form).
  const quoteRef = useRef<HTMLDivElement>(null);
  const hadQuote = useRef(false);
  useEffect(() => {
    if (quote.quote && !hadQuote.current) quoteRef.current?.focus();
    hadQuote.current = quote.quote !== null;
  }, [quote.quote]);

  const amountField = (s: Side) => {
    const { field } = fields[s];
    const asset = s === "FROM" ? from : to;
    const balance = s === "FROM" ? rate.fromAvailable : rate.toAvailable;
    const input = (
      <Input
        name={field.name}
        ref={field.ref}
        onBlur={field.onBlur}
        value={s === side ? String(field.value) : counterpart(s)}
        onChange={(event) => {
          choose(s);
          field.onChange(event.target.value);
        }}
        inputMode="decimal"
        autoComplete="off"
      />
    );
    return (
      <FormField
        label={t(s === "FROM" ? "exchange.amount_from" : "exchange.amount_to", { coin: asset })}
        error={errors[AMOUNT_OF[s]]}
        helperText={t("exchange.available", { amount: x.amount(balance, asset) })}
      >
        {s === "FROM" ? (
          <Group attached width="full">
            {input}
            <Button variant="outline" aria-label={t("exchange.max_named", { amount: x.amount(maxText, from) })} onClick={fillMax}>
              {t("exchange.max")}
            </Button>
          </Group>
        ) : (
          input
        )}
      </FormField>
    );
  };

  return (
    <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 1fr) minmax(0, 1fr)" }} gap={{ base: "6", lg: "8" }} alignItems="start">
      <FormStack onSubmit={submit} label={t("exchange.form")}>
        {amountField("FROM")}
        {amountField("TO")}
        {/* The pair has no field of its own here: its errors (same asset, closed) show above the button. */}
        <FormError error={errors.toCoin ?? errors.fromCoin} />
        <FormError error={errors.root} />
        {notice && <FormError error={{ message: t(notice) }} />}
        {!pair.enabled && <FormError error={{ message: t("exchange.pair_closed", { from, to }) }} />}
        {!quote.quote && (
          <Button type="submit" colorPalette="teal" loading={isSubmitting} disabled={!pair.enabled}>
            {t("exchange.get_quote")}
          </Button>
        )}
      </FormStack>
      <Stack gap="5">
        <PreviewSummary rate={rate} pair={pair} priced={priced} x={x} />
        {quote.quote && (
          <div ref={quoteRef} tabIndex={-1}>
            <QuoteCard
              quote={quote.quote}
              seconds={rate.quoteSeconds}
              refreshing={quote.refreshing}
              accepting={quote.accepting}
              renewed={quote.renewed}
              onConfirm={() => void quote.accept()}
              onCancel={quote.drop}
              x={x}
            />
          </div>
        )}
      </Stack>
    </Grid>
  );
}
