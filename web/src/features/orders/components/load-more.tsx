import { Button } from "@chakra-ui/react";
import { useEffect, useMemo, useRef } from "react";
import { useDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";

export interface LoadMoreProps {
  /** Whether another page exists. */
  readonly more: boolean;
  /** A page is on its way. */
  readonly loading: boolean;
  readonly onLoad: () => void;
  /** Mobile lists also load when the page is scrolled to within the domain's load-more distance of its end. */
  readonly onScroll: boolean;
}

/** The load-more button, shown while more pages exist (SPEC §2, §9). */
export function LoadMore({ more, loading, onLoad, onScroll }: LoadMoreProps) {
  const { t } = useI18n();
  const domain = useDomain();
  const { loadMoreDistance } = useMemo(() => domain.constants(), [domain]);
  const latest = useRef({ more, loading, onLoad });
  latest.current = { more, loading, onLoad };

  useEffect(() => {
    if (!onScroll) return undefined;
    const check = () => {
      const now = latest.current;
      const remaining = document.documentElement.scrollHeight - window.scrollY - window.innerHeight;
      if (now.more && !now.loading && remaining <= loadMoreDistance) now.onLoad();
    };
    window.addEventListener("scroll", check, { passive: true });
    return () => window.removeEventListener("scroll", check);
  }, [onScroll, loadMoreDistance]);

  if (!more) return null;
  return (
    <Button alignSelf="center" variant="outline" loading={loading} onClick={onLoad}>
      {t("app.load_more")}
    </Button>
  );
}
