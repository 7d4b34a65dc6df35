import { Box, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router-dom";
import { isWithin } from "@/config/paths";
import { useI18n } from "@/lib/i18n";
import { accountMenu, type NavItem } from "./nav-items";

function useCurrent() {
  const { pathname } = useLocation();
  return (item: NavItem) => (item.exact ? pathname === item.to : isWithin(pathname, item.area ?? item.to));
}

/** The account area's menu on desktop: the groups of SPEC §2 down the side. */
export function AccountSideMenu() {
  const { t } = useI18n();
  const current = useCurrent();
  return (
    <Box as="nav" aria-label={t("menu.account")} width="56" flexShrink={0}>
      <Stack gap="6" position="sticky" top="24">
        {accountMenu.map((group) => (
          <Stack key={group.label} gap="1">
            <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="fg.muted" paddingX="3">
              {t(group.label)}
            </Text>
            {group.items.map((item) => (
              <Link
                key={item.to}
                asChild
                paddingX="3"
                paddingY="2"
                rounded="l2"
                textDecoration="none"
                bg={current(item) ? "teal.subtle" : undefined}
                color={current(item) ? "teal.fg" : "fg"}
                fontWeight={current(item) ? "semibold" : "normal"}
              >
                <NavLink to={item.to} end={item.exact} aria-current={current(item) ? "page" : undefined}>
                  {t(item.label)}
                </NavLink>
              </Link>
            ))}
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

/** Which ends of a scrolling bar have more beyond them. */
interface Overflow {
  readonly before: boolean;
  readonly after: boolean;
}

/**
 * The same menu on mobile: one scrolling bar of links under the header. The current page's tab
 * is scrolled into the middle of the bar, and a fade with an arrow marks each end that has more
 * tabs beyond it.
 */
export function AccountTopBar() {
  const { t } = useI18n();
  const current = useCurrent();
  const { pathname } = useLocation();
  const bar = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ before: false, after: false });

  const measure = useCallback(() => {
    const el = bar.current;
    if (!el) return;
    const before = el.scrollLeft > 1;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setOverflow((was) => (was.before === before && was.after === after ? was : { before, after }));
  }, []);

  useLayoutEffect(() => {
    const el = bar.current;
    const active = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (el && active) {
      el.scrollLeft = Math.max(0, active.offsetLeft - (el.clientWidth - active.offsetWidth) / 2);
    }
    measure();
  }, [pathname, measure]);

  useEffect(() => {
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [measure]);

  const edge = (side: "before" | "after") => (
    <Box
      aria-hidden="true"
      data-more={side}
      position="absolute"
      top="0"
      bottom="0"
      {...(side === "before" ? { left: "0" } : { right: "0" })}
      width="10"
      display="flex"
      alignItems="center"
      justifyContent={side === "before" ? "start" : "end"}
      paddingX="1"
      pointerEvents="none"
      color="fg.muted"
      fontSize="lg"
      bgGradient={side === "before" ? "to-r" : "to-l"}
      gradientFrom="bg.panel"
      gradientVia="bg.panel/80"
      gradientTo="transparent"
    >
      {side === "before" ? "‹" : "›"}
    </Box>
  );

  return (
    <Box as="nav" aria-label={t("menu.account")} borderBottomWidth="1px" bg="bg.panel" position="relative">
      <Box ref={bar} overflowX="auto" position="relative" onScroll={measure} scrollbarWidth="none">
        <HStack as="ul" gap="1" paddingX="3" paddingY="2" listStyleType="none" whiteSpace="nowrap" width="max-content">
          {accountMenu.flatMap((group) => group.items).map((item) => (
            <li key={item.to}>
              <Link
                asChild
                display="block"
                paddingX="3"
                paddingY="1.5"
                rounded="full"
                textDecoration="none"
                bg={current(item) ? "teal.solid" : undefined}
                color={current(item) ? "teal.contrast" : "fg"}
              >
                <NavLink to={item.to} end={item.exact} aria-current={current(item) ? "page" : undefined}>
                  {t(item.label)}
                </NavLink>
              </Link>
            </li>
          ))}
        </HStack>
      </Box>
      {overflow.before && edge("before")}
      {overflow.after && edge("after")}
    </Box>
  );
}
