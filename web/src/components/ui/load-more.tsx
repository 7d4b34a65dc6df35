import { Button } from "@chakra-ui/react";
import { useEffect, useMemo, useRef, type RefObject } from "react";
import { useDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";

export interface LoadMoreProps {
  /** Whether another page exists. */
  readonly more: boolean;
  /** A page is on its way. */
  readonly loading: boolean;
  readonly onLoad: () => void;
  /** Mobile lists also load when scrolled to within the domain's load-more distance of the end. */
  readonly onScroll: boolean;
  /** The element that scrolls (a dialog's body); the page when absent. */
  readonly scroller?: RefObject<HTMLElement | null>;
}

/** The load-more button, shown while more pages exist (SPEC §2, §9). */
export function LoadMore({ more, loading, onLoad, onScroll, scroller }: LoadMoreProps) {
  const { t } = useI18n();
  const domain = useDomain();
  const { loadMoreDistance } = useMemo(() => domain.constants(), [domain]);
  const latest = useRef({ more, loading, onLoad });
  latest.current = { more, loading, onLoad };

  useEffect(() => {
    if (!onScroll) return undefined;
    const element = scroller?.current ?? null;
    const remaining = () =>
      element
        ? element.scrollHeight - element.scrollTop - element.clientHeight
        : document.documentElement.scrollHeight - window.scrollY - window.innerHeight;
    const check = () => {
      const now = latest.current;
      if (now.more && !now.loading && remaining() <= loadMoreDistance) now.onLoad();
    };
    const target: HTMLElement | Window = element ?? window;
    target.addEventListener("scroll", check, { passive: true });
    return () => target.removeEventListener("scroll", check);
  }, [onScroll, scroller, loadMoreDistance]);

  if (!more) return null;
  return (
    <Button alignSelf="center" variant="outline" loading={loading} onClick={onLoad}>
      {t("app.load_more")}
    </Button>
  );
}
