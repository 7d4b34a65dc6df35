import { Button, Menu, Portal } from "@chakra-ui/react";
import { useRef } from "react";
import { Link as RouterLink } from "react-router-dom";
import { useI18n } from "@/lib/i18n";
import { headerUserMenu } from "./nav-items";

const LOGOUT = "logout";

/** The logged-in user's menu: the account areas and logout. */
export function UserMenu({ account, onLogout }: { readonly account: string | undefined; readonly onLogout: () => void }) {
  const { t } = useI18n();
  const shown = account ?? t("header.account");
  // Logout on the item's click (a tap) and on the menu's selection (Enter, Space), once per
  // opening: a click the menu also selects would otherwise log out twice.
  const loggingOut = useRef(false);
  const logoutOnce = () => {
    if (loggingOut.current) return;
    loggingOut.current = true;
    onLogout();
  };
  return (
    <Menu.Root
      onOpenChange={({ open }) => {
        if (open) loggingOut.current = false;
      }}
      onSelect={({ value }) => value === LOGOUT && logoutOnce()}
    >
      <Menu.Trigger asChild>
        {/* Named by what it does and by the text it shows (a spoken command can name either). */}
        <Button size="sm" variant="outline" aria-label={`${t("header.user_menu")}: ${shown}`}>
          {shown}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {headerUserMenu.map((item) => (
              <Menu.Item key={item.to} value={item.to} asChild>
                <RouterLink to={item.to}>{t(item.label)}</RouterLink>
              </Menu.Item>
            ))}
            <Menu.Separator />
            {/* Also on the click itself: the menu's selection reads the item the press highlighted,
                which a tap that comes before the next render has not yet (then it did nothing). */}
            <Menu.Item value={LOGOUT} onClick={logoutOnce}>
              {t("header.logout")}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
