import { Button, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { gatePages } from "@/lib/gate-prompts";
import { AddBankAccountForm } from "@/features/payment/components/add-bank-account-form";
import { useSelf } from "@/features/user/api/get-self";
import { useI18n } from "@/lib/i18n";

/**
 * /my/payment/bank-add: the add form (SPEC §2 AddBank). An account is held in the verified name:
 * before basic identity is approved there is none, and the page says where to get it.
 */
export function Component() {
  const { t } = useI18n();
  const { data: self } = useSelf();
  if (self && !self.accountHolder) {
    return (
      <Stack gap="4" align="start">
        <Text>{t("bank.needs_identity")}</Text>
        <Button asChild colorPalette="teal">
          <RouterLink to={gatePages.basicIdentity}>{t("identity.basic.title")}</RouterLink>
        </Button>
      </Stack>
    );
  }
  return <AddBankAccountForm holder={self?.accountHolder} />;
}
