import { Card, Heading, Stack, Text } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageSpinner } from "@/components/ui/page-spinner";
import { paths } from "@/config/paths";
import type { Schema } from "@/lib/api-schema";
import { loadDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import type { Translate } from "@/lib/locale";
import { VerificationRow, type VerificationRowProps } from "./verification-row";

/** The identity module (its forms, the questions, the uploads' checks; no other page loads it). */
const loadIdentity = async () => (await import("@/lib/identity-module")).loadIdentity();

/** A dialog's chunk with the wasm modules its forms need, the identity module and the core one, fetched together. */
const withModules = <T,>(load: () => Promise<T>) => async (): Promise<T> =>
  (await Promise.all([load(), loadIdentity(), loadDomain()]))[0];

// Each dialog is its own chunk, fetched when it opens with the modules it needs: the page itself
// is four rows.
const BasicIdentityDialog = lazy(withModules(async () => ({ default: (await import("./basic-identity-dialog")).BasicIdentityDialog })));
const InvestorDialog = lazy(withModules(async () => ({ default: (await import("./investor-dialog")).InvestorDialog })));
const QuestionnaireDialog = lazy(withModules(async () => ({ default: (await import("./questionnaire-dialog")).QuestionnaireDialog })));

/** The Profile page's dialogs, each with its own path (SPEC §2 IdentityBasic, IdentityInvestor, AML, QI). */
export type IdentityDialog = "basic" | "investor" | "aml" | "qi";

export const DIALOG_PATHS: Readonly<Record<IdentityDialog, string>> = {
  basic: paths.identityBasic,
  investor: paths.identityInvestor,
  aml: paths.identityAml,
  qi: paths.identityQi,
};

/** The dialog `pathname` opens, if any. */
export function dialogAt(pathname: string): IdentityDialog | undefined {
  return (Object.keys(DIALOG_PATHS) as IdentityDialog[]).find((dialog) => DIALOG_PATHS[dialog] === pathname);
}

/** The user's own data (`user/self`: the four states, the rejections, the country). */
export type UserSelf = Schema<"UserSelf">;

export interface ProfilePageProps {
  /** `user/self`, which the app shell holds; undefined while it loads. */
  readonly self: UserSelf | undefined;
  /** Reading `user/self` failed. */
  readonly failed: boolean;
  readonly onRetry: () => void;
  /** Reads `user/self` again (after a commit changes a state). */
  readonly reloadSelf: () => Promise<unknown>;
}

/**
 * /my/profile, "Authentication" (SPEC §2, §4, §6): basic identity, investor certification, the
 * AML and QI questionnaires, each in its state, in the order their gates open. A dialog opens on
 * its own path (a deep link opens it at once); it replaces the page's history entry, so Back
 * leaves the page instead of reopening what was closed.
 */
export function ProfilePage({ self, failed, onRetry, reloadSelf }: ProfilePageProps) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const open = dialogAt(pathname);
  const show = (dialog: IdentityDialog) => void navigate(DIALOG_PATHS[dialog], { replace: true });
  const close = () => void navigate(paths.profile, { replace: true });

  if (failed) return <LoadFailed onRetry={onRetry} />;
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t("menu.profile")}
      </Heading>
      <Text color="fg.muted">{t("identity.intro")}</Text>
      <Card.Root>
        <Card.Body>
          {self ? (
            <Stack as="ul" gap="5" listStyleType="none" css={{ "& > li + li": { borderTopWidth: "1px", paddingTop: "5" } }}>
              {rows(self, t, show).map((row) => (
                <VerificationRow key={row.id} {...row} />
              ))}
            </Stack>
          ) : (
            <PageSpinner />
          )}
        </Card.Body>
      </Card.Root>
      {self && open && (
        <Suspense fallback={null}>
          {open === "basic" && <BasicIdentityDialog self={self} onClose={close} onCommitted={reloadSelf} />}
          {open === "investor" && <InvestorDialog self={self} onClose={close} onCommitted={reloadSelf} />}
          {(open === "aml" || open === "qi") && <QuestionnaireDialog name={open === "aml" ? "aml" : "qualify"} self={self} onClose={close} onCommitted={reloadSelf} />}
        </Suspense>
      )}
    </Stack>
  );
}

/** The four rows, their buttons and gates (SPEC §4: in order; §6: each needs the one before). */
export function rows(self: UserSelf, t: Translate, show: (dialog: IdentityDialog) => void): VerificationRowProps[] {
  const rejection = (verification: string) => self.rejections?.find((r) => r.verification === verification);
  const startOrRetry = (status: number, dialog: IdentityDialog) => {
    if (status === 0) return { label: t("identity.start"), onClick: () => show(dialog) };
    if (status === 3) return { label: t("identity.retry"), onClick: () => show(dialog) };
    return undefined;
  };
  // The questionnaires can be read and answered again once answered (SPEC §4 "view/edit").
  const questionnaire = (status: number, dialog: IdentityDialog) => {
    if (status === 3) return { label: t("identity.retry"), onClick: () => show(dialog) };
    return { label: t(status === 0 ? "identity.start" : "identity.view_edit"), onClick: () => show(dialog) };
  };
  const basicApproved = self.status === 1;
  const investorApproved = self.investor.status === 1;
  return [
    {
      id: "basic",
      title: t("identity.basic.title"),
      detail: t("identity.basic.detail"),
      status: self.status,
      rejection: rejection("basic"),
      action: startOrRetry(self.status, "basic"),
    },
    {
      id: "investor",
      title: t("identity.investor.title"),
      detail: t("identity.investor.detail"),
      status: self.investor.status,
      rejection: rejection("investor"),
      closedBecause: basicApproved ? undefined : t("identity.needs_basic"),
      action: startOrRetry(self.investor.status, "investor"),
    },
    {
      id: "AML",
      title: t("identity.aml.title"),
      detail: t("identity.aml.detail"),
      status: self.aml,
      rejection: rejection("aml"),
      closedBecause: investorApproved ? undefined : t("identity.needs_investor"),
      action: self.aml === 2 ? undefined : questionnaire(self.aml, "aml"),
    },
    {
      id: "QI",
      title: t("identity.qi.title"),
      detail: t("identity.qi.detail"),
      status: self.qualify,
      rejection: rejection("qualify"),
      closedBecause: investorApproved ? undefined : t("identity.needs_investor"),
      action: self.qualify === 2 ? undefined : questionnaire(self.qualify, "qi"),
    },
  ];
}
