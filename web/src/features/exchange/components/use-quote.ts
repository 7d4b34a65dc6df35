import { useCallback, useEffect, useRef, useState } from "react";
import { StatusCode, type ApiRefusal } from "@/lib/api-client";
import { useApiClient } from "@/lib/api-provider";
import { acceptQuote, type ExchangeSwap } from "../api/accept-quote";
import { createQuote, type ExchangeQuote, type QuoteInput } from "../api/create-quote";

/** The quote shown: the one asked for with `input`; `renewed` after an expired swap brought it. */
interface Shown {
  readonly quote: ExchangeQuote;
  readonly input: QuoteInput;
  readonly renewed: boolean;
}

/** How often a quote's expiry is looked for (the clock's, not counted ticks). */
const EXPIRY_CHECK_MS = 250;

/** Whether a refused swap's content is the fresh quote statusCode 112 carries. */
function isQuote(content: unknown): content is ExchangeQuote {
  return typeof content === "object" && content !== null && "quoteId" in content && "expiresAt" in content;
}

/**
 * A quote's life on the screen: asked for, shown with its expiry, asked for again with the same
 * input each time it runs out (while the page shows and the input stays; a hidden tab waits
 * until it is seen again), dropped when the input changes, accepted once. `onRefused` gets a
 * refusal of a refresh or of the swap for the form to show; `onSwapped`, the swap made.
 */
export function useQuote({
  onRefused,
  onSwapped,
}: {
  readonly onRefused: (refusal: ApiRefusal) => void;
  readonly onSwapped: (swap: ExchangeSwap) => void | Promise<void>;
}) {
  const api = useApiClient();
  const [shown, setShown] = useState<Shown | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [accepting, setAccepting] = useState(false);
  // Each ask, drop and accept starts a new generation: an answer of an older one is ignored.
  const generation = useRef(0);
  const latest = useRef({ onRefused, onSwapped });
  latest.current = { onRefused, onSwapped };

  const drop = useCallback(() => {
    generation.current += 1;
    setShown(null);
    setRefreshing(false);
  }, []);

  /** Asks for a quote; the refusal, if any, is returned for the form to show. */
  const ask = useCallback(
    async (input: QuoteInput): Promise<ApiRefusal | null> => {
      const mine = ++generation.current;
      const answer = await createQuote(api, input);
      if (mine !== generation.current) return null;
      if (!answer.ok) {
        setShown(null);
        return answer;
      }
      setShown({ quote: answer.content, input, renewed: false });
      return null;
    },
    [api],
  );

  // When the quote runs out: a fresh one for the same input.
  useEffect(() => {
    if (shown === null || refreshing) return undefined;
    const refresh = async () => {
      const mine = ++generation.current;
      setRefreshing(true);
      const answer = await createQuote(api, shown.input);
      if (mine !== generation.current) return;
      setRefreshing(false);
      if (answer.ok) {
        setShown({ quote: answer.content, input: shown.input, renewed: false });
      } else {
        setShown(null);
        latest.current.onRefused(answer);
      }
    };
    const check = () => {
      if (Date.now() < shown.quote.expiresAt || document.hidden) return;
      clearInterval(timer);
      void refresh();
    };
    const timer = setInterval(check, EXPIRY_CHECK_MS);
    document.addEventListener("visibilitychange", check);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
    };
  }, [api, shown, refreshing]);

  /** Accepts the quote shown: the swap, or a fresh quote when it had expired, or a refusal. */
  const accept = useCallback(async () => {
    if (shown === null) return;
    const mine = ++generation.current;
    setAccepting(true);
    const answer = await acceptQuote(api, shown.quote.quoteId);
    setAccepting(false);
    if (mine !== generation.current) return;
    if (answer.ok) {
      setShown(null);
      await latest.current.onSwapped(answer.content);
    } else if (answer.statusCode === StatusCode.QuoteExpired && isQuote(answer.content)) {
      setShown({ quote: answer.content, input: shown.input, renewed: true });
    } else {
      setShown(null);
      latest.current.onRefused(answer);
    }
  }, [api, shown]);

  return { quote: shown?.quote ?? null, renewed: shown?.renewed ?? false, refreshing, accepting, ask, accept, drop };
}
