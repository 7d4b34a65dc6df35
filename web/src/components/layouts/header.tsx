import { Button, Container, Flex, HStack, IconButton, Link, Text } from "@chakra-ui/react";
import { lazy, memo, Suspense, useRef, useState } from "react";
import { Link as RouterLink, NavLink, useLocation } from "react-router-dom";
import { LanguagePicker } from "@/components/language-picker";
import { isWithin, paths } from "@/config/paths";
import { useI18n } from "@/lib/i18n";
import { useViewport } from "@/lib/viewport";
import { headerMenu, headerUserMenu, type NavItem } from "./nav-items";

// Menus that are not on screen at first load are fetched when needed.
const UserMenu = lazy(async () => ({ default: (await import("./user-menu")).UserMenu }));
const MobileDrawer = lazy(async () => ({ default: (await import("./mobile-drawer")).MobileDrawer }));

export interface HeaderProps {
  readonly loggedIn: boolean;
  /** The user's e-mail, masked, once loaded. */
  readonly account: string | undefined;
  readonly onLogin: () => void;
  readonly onRegister: () => void;
  readonly onLogout: () => void;
}

/**
 * Logo, menus, login/register or the user menu, language; on mobile the menus sit in a drawer.
 * Only the viewport's own parts are rendered (not rendered and hidden by CSS), and the header
 * renders again only when its props change (the shell's callbacks are stable).
 */
export const Header = memo(function Header({ loggedIn, account, onLogin, onRegister, onLogout }: HeaderProps) {
  const { t } = useI18n();
  const { isMobile } = useViewport();
  const items = loggedIn ? [...headerMenu, ...headerUserMenu] : headerMenu;
  return (
    <Flex as="header" borderBottomWidth="1px" bg="bg.panel" position="sticky" top="0" zIndex="sticky">
      <Container maxWidth="7xl" paddingY="3">
        <Flex align="center" justify="space-between" gap="4">
          <HStack gap="8">
            <Link asChild fontWeight="bold" fontSize="xl" color="teal.fg" textDecoration="none">
              <RouterLink to={paths.home}>{t("app.name")}</RouterLink>
            </Link>
            {!isMobile && (
              <HStack as="nav" gap="5" aria-label={t("header.menu")}>
                {items.map((item) => (
                  <HeaderLink key={item.to} item={item} />
                ))}
              </HStack>
            )}
          </HStack>
          <HStack gap="2">
            <LanguagePicker />
            {isMobile ? (
              <MobileMenu
                items={items}
                loggedIn={loggedIn}
                account={account}
                onLogin={onLogin}
                onRegister={onRegister}
                onLogout={onLogout}
              />
            ) : (
              <HStack gap="2">
                {loggedIn ? (
                  <Suspense
                    fallback={
                      <Button size="sm" variant="outline" disabled>
                        {account ?? t("header.account")}
                      </Button>
                    }
                  >
                    <UserMenu account={account} onLogout={onLogout} />
                  </Suspense>
                ) : (
                  <>
                    <Button size="sm" variant="ghost" onClick={onLogin}>
                      {t("header.login")}
                    </Button>
                    <Button size="sm" colorPalette="teal" onClick={onRegister}>
                      {t("header.register")}
                    </Button>
                  </>
                )}
              </HStack>
            )}
          </HStack>
        </Flex>
      </Container>
    </Flex>
  );
});

function HeaderLink({ item }: { readonly item: NavItem }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const current = isWithin(pathname, item.area ?? item.to);
  return (
    <Link asChild fontWeight={current ? "semibold" : "normal"} color={current ? "teal.fg" : "fg"}>
      <NavLink to={item.to} aria-current={current ? "page" : undefined}>
        {t(item.label)}
      </NavLink>
    </Link>
  );
}

/** The mobile menu button; the drawer's code is fetched when it is first pressed. */
function MobileMenu(props: HeaderProps & { readonly items: readonly NavItem[] }) {
  const { t } = useI18n();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <IconButton
        ref={button}
        size="sm"
        variant="ghost"
        aria-label={t("header.open_menu")}
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <MenuIcon />
      </IconButton>
      {wanted && (
        <Suspense fallback={null}>
          <MobileDrawer {...props} open={open} setOpen={setOpen} returnFocus={button} />
        </Suspense>
      )}
    </>
  );
}

function MenuIcon() {
  return (
    <Text as="span" aria-hidden="true" fontSize="lg" lineHeight="1">
      ☰
    </Text>
  );
}
