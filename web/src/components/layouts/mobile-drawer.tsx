import { Box, Button, CloseButton, Drawer, Link, Portal, Stack } from "@chakra-ui/react";
import { useEffect, useRef, type RefObject } from "react";
import { Link as RouterLink } from "react-router-dom";
import { useI18n } from "@/lib/i18n";
import { useModalGuard } from "@/lib/modal-guard";
import type { HeaderProps } from "./header";
import type { NavItem } from "./nav-items";

/** The header's menus on mobile, in a drawer from the side. */
export function MobileDrawer({
  items,
  loggedIn,
  account,
  onLogin,
  onRegister,
  onLogout,
  open,
  setOpen,
  returnFocus,
}: HeaderProps & {
  readonly items: readonly NavItem[];
  readonly open: boolean;
  readonly setOpen: (open: boolean) => void;
  readonly returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useI18n();
  useModalGuard(open, () => setOpen(false));
  // Log in and Register open their dialog once this drawer has closed and given focus back: a
  // dialog opened before would have its first field blurred (and flagged empty) by that.
  const pending = useRef<(() => void) | null>(null);
  const then = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  const thenOpen = (openDialog: () => void) => () => {
    pending.current = openDialog;
    setOpen(false);
  };
  // Opened again before it finished closing: that choice is dropped.
  useEffect(() => {
    if (open) pending.current = null;
  }, [open]);
  return (
    <Box hideFrom="md">
      <Drawer.Root
        open={open}
        onOpenChange={({ open: next }) => setOpen(next)}
        onExitComplete={() => {
          const action = pending.current;
          pending.current = null;
          action?.();
        }}
        placement="end"
        finalFocusEl={() => returnFocus.current}
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header>
                <Drawer.Title>{account ?? t("app.name")}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <Stack as="nav" gap="4" aria-label={t("header.menu")}>
                  {items.map((item) => (
                    <Link key={item.to} asChild onClick={() => setOpen(false)}>
                      <RouterLink to={item.to}>{t(item.label)}</RouterLink>
                    </Link>
                  ))}
                </Stack>
              </Drawer.Body>
              <Drawer.Footer>
                {loggedIn ? (
                  <Button width="full" variant="outline" onClick={then(onLogout)}>
                    {t("header.logout")}
                  </Button>
                ) : (
                  <Stack width="full">
                    <Button variant="outline" onClick={thenOpen(onLogin)}>
                      {t("header.login")}
                    </Button>
                    <Button colorPalette="teal" onClick={thenOpen(onRegister)}>
                      {t("header.register")}
                    </Button>
                  </Stack>
                )}
              </Drawer.Footer>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t("app.close")} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Box>
  );
}
