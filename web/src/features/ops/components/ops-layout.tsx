import { Box, Button, Container, Flex, HStack, Link, Text } from "@chakra-ui/react";
import { Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { NavLink, useLocation, useNavigate } from "react-router-dom";
import { useSWRConfig } from "swr";
import { LanguagePicker } from "@/components/language-picker";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageSpinner } from "@/components/ui/page-spinner";
import { toaster } from "@/components/ui/toaster-queue";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";
import { hasRole, meKey, useMe, type OpsRole } from "../api/get-me";
import type { OpsSession } from "../api/login";
import { opsLogout } from "../api/logout";
import { createOpsClient } from "../api/ops-client";
import { OpsProvider } from "../api/ops-provider";
import { clearOpsToken, readOpsToken, storeOpsToken } from "../api/ops-token";
import { opsPaths } from "../paths";
import { OpsSessionContext, useOpsSession, type OpsSessionState } from "./ops-session";

/** The console's pages for a visitor without a session. */
const PUBLIC_PAGES: readonly string[] = [opsPaths.login, opsPaths.enrol];

/** The navigation: each page with the roles that may open it. */
const NAV: readonly { to: string; label: MessageKey; roles: readonly OpsRole[]; end?: boolean }[] = [
  { to: opsPaths.queue, label: "ops.nav.queue", roles: ["reviewer"], end: true },
  { to: opsPaths.users, label: "ops.nav.users", roles: ["reviewer", "finance", "admin"] },
  { to: opsPaths.wires, label: "ops.nav.wires", roles: ["finance"] },
  { to: opsPaths.withdrawals, label: "ops.nav.withdrawals", roles: ["finance"] },
  { to: opsPaths.operators, label: "ops.nav.operators", roles: ["admin"] },
  { to: opsPaths.bins, label: "ops.nav.bins", roles: ["admin"] },
  { to: opsPaths.audit, label: "ops.nav.audit", roles: ["admin"] },
];

/**
 * The operator console's layout: its own client (the `Ops-Token` session), its own header and
 * navigation; no user shell and no user session. Without a session only the login and the
 * enrolment page show.
 */
export function OpsLayout({ children }: { readonly children: ReactNode }) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [signedIn, setSignedIn] = useState(() => readOpsToken() !== null);

  const forget = useCallback(() => {
    setSignedIn(false);
    void mutate((key) => Array.isArray(key) && String(key[0]).startsWith("ops/"), undefined, { revalidate: false });
    void navigate(opsPaths.login);
  }, [mutate, navigate]);

  const forgetRef = useLatest(forget);
  const [client] = useState(() =>
    createOpsClient({
      notify: ({ type, title, description, text }) => {
        toaster.create({ type, title: text ?? title, ...(description !== undefined && { description }) });
      },
      signedOut: () => forgetRef.current(),
    }),
  );

  const session = useMemo<OpsSessionState>(
    () => ({
      signedIn,
      signIn: (answer: OpsSession, to = opsPaths.queue) => {
        storeOpsToken(answer.token);
        void mutate(meKey, answer.operator, { revalidate: false });
        setSignedIn(true);
        void navigate(to, { replace: true });
      },
      signOut: async () => {
        await opsLogout(client);
        clearOpsToken();
        forget();
      },
    }),
    [signedIn, mutate, navigate, client, forget],
  );

  return (
    <OpsProvider client={client}>
      <OpsSessionContext value={session}>
        <Flex direction="column" minHeight="100vh">
          <OpsHeader />
          <Container as="main" maxWidth="7xl" paddingY="6" paddingX={{ base: "3", md: "6" }} flex="1">
            <Suspense fallback={<PageSpinner />}>
              <Guarded>{children}</Guarded>
            </Suspense>
          </Container>
        </Flex>
        <ConfirmDialog />
      </OpsSessionContext>
    </OpsProvider>
  );
}

/** A ref always holding the latest `value` (the client is built once, its handlers read this). */
function useLatest<T>(value: T): { readonly current: T } {
  const [ref] = useState(() => ({ current: value }));
  ref.current = value;
  return ref;
}

/** The page, or the login when there is no session (and the console's start instead of the login when there is one). */
function Guarded({ children }: { readonly children: ReactNode }) {
  const { signedIn } = useOpsSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const onPublicPage = PUBLIC_PAGES.includes(pathname);
  const away = !signedIn && !onPublicPage ? opsPaths.login : signedIn && pathname === opsPaths.login ? opsPaths.queue : null;
  useEffect(() => {
    if (away !== null) void navigate(away, { replace: true });
  }, [away, navigate]);
  return away === null ? children : null;
}

function OpsHeader() {
  const { t } = useI18n();
  const { signedIn, signOut } = useOpsSession();
  const { data: me } = useMe(signedIn);
  const shown = NAV.filter(({ roles }) => hasRole(me, ...roles));
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg.subtle">
      <Flex maxWidth="7xl" marginX="auto" paddingX={{ base: "3", md: "6" }} paddingY="2" gap="3" align="center" wrap="wrap">
        <Text fontWeight="bold">{t("ops.title")}</Text>
        {shown.length > 0 && (
          <HStack as="nav" aria-label={t("ops.nav.label")} gap="1" wrap="wrap">
            {shown.map(({ to, label, end }) => (
              <Link key={to} asChild paddingX="2" paddingY="1" rounded="md" _currentPage={{ bg: "bg.emphasized", fontWeight: "semibold" }}>
                <NavLink to={to} end={end}>
                  {t(label)}
                </NavLink>
              </Link>
            ))}
          </HStack>
        )}
        <HStack marginStart="auto" gap="2">
          {me && (
            <Text fontSize="sm" color="fg.muted" display={{ base: "none", md: "block" }}>
              {me.email}
            </Text>
          )}
          <LanguagePicker />
          {signedIn && (
            <Button size="sm" variant="outline" onClick={() => void signOut()}>
              {t("ops.logout")}
            </Button>
          )}
        </HStack>
      </Flex>
    </Box>
  );
}
