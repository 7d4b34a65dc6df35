import { Button, Menu, Portal } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { useI18n } from "@/lib/i18n";
import { headerUserMenu } from "./nav-items";

/** The logged-in user's menu: the account areas and logout. */
export function UserMenu({ account, onLogout }: { readonly account: string | undefined; readonly onLogout: () => void }) {
  const { t } = useI18n();
  const shown = account ?? t("header.account");
  return (
    <Menu.Root>
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
            <Menu.Item value="logout" onSelect={onLogout}>
              {t("header.logout")}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
