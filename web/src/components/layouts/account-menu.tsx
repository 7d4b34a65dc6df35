import { Box, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { NavLink, useLocation } from "react-router-dom";
import { isWithin } from "@/config/paths";
import { useI18n } from "@/lib/i18n";
import { accountMenu, type NavItem } from "./nav-items";

function useCurrent() {
  const { pathname } = useLocation();
  return (item: NavItem) => isWithin(pathname, item.area ?? item.to);
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
                <NavLink to={item.to} aria-current={current(item) ? "page" : undefined}>
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

/** The same menu on mobile: one scrolling bar of links under the header. */
export function AccountTopBar() {
  const { t } = useI18n();
  const current = useCurrent();
  return (
    <Box as="nav" aria-label={t("menu.account")} borderBottomWidth="1px" overflowX="auto" bg="bg.panel">
      <HStack as="ul" gap="1" paddingX="3" paddingY="2" listStyleType="none" whiteSpace="nowrap">
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
              <NavLink to={item.to} aria-current={current(item) ? "page" : undefined}>
                {t(item.label)}
              </NavLink>
            </Link>
          </li>
        ))}
      </HStack>
    </Box>
  );
}
