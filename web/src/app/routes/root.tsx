import { Box, Flex } from "@chakra-ui/react";
import { Suspense } from "react";
import { Outlet, ScrollRestoration, useMatches, useNavigate } from "react-router-dom";
import { useSWRConfig } from "swr";
import { Footer } from "@/components/layouts/footer";
import { Header } from "@/components/layouts/header";
import { PageSpinner } from "@/components/ui/page-spinner";
import { paths } from "@/config/paths";
import { balanceKey } from "@/features/account/api/get-balance";
import { logout } from "@/features/auth/api/logout";
import { openAuthDialog } from "@/features/auth/stores/auth-dialog";
import { securityConfigKey } from "@/features/security/api/get-security-config";
import { selfKey, useSelf } from "@/features/user/api/get-self";
import { ApiProvider, useApiClient, useApiLoader } from "@/lib/api-provider";
import { useLoggedIn } from "@/lib/session";
import { clearSessionToken, storeSessionToken } from "@/lib/session-token";
import { isProtectedRoute } from "../shell/route-handle";
import { ShellDialogs } from "../shell/shell-dialogs";
import { useShellApiClient } from "../shell/use-api-client-for-shell";
import { useMaskedEmail } from "../shell/use-masked-email";
import { useRouteGuards } from "../shell/use-route-guards";

/** The app shell: API client, route guards, header, the page, footer, and the app's dialogs. */
export function RootLayout() {
  const client = useShellApiClient();
  return (
    <ApiProvider client={client}>
      <Shell />
    </ApiProvider>
  );
}

function Shell() {
  useRouteGuards();
  const api = useApiClient();
  const load = useApiLoader();
  const loggedIn = useLoggedIn();
  const { data: self } = useSelf(loggedIn);
  const account = useMaskedEmail(self?.email);
  const navigate = useNavigate();
  const matches = useMatches();
  const { mutate } = useSWRConfig();

  /** After a login: the token kept, then the user, security config and balances loaded. */
  const loggedInWith = async (token: string) => {
    storeSessionToken(token);
    await Promise.all([load(selfKey), load(securityConfigKey), load(balanceKey)]);
  };

  const signOut = async () => {
    await logout(api);
    clearSessionToken();
    await mutate(() => true, undefined, { revalidate: false });
    if (isProtectedRoute(matches)) void navigate(paths.home);
  };

  return (
    <Flex direction="column" minHeight="100dvh">
      <Header
        loggedIn={loggedIn}
        account={account}
        onLogin={() => openAuthDialog("login")}
        onRegister={() => openAuthDialog("register")}
        onLogout={() => void signOut()}
      />
      {/* At least a screen high: the footer starts below the fold, so a page replacing its
          loading spinner never moves it on screen (no layout shift). */}
      <Box as="main" flex="1" minHeight="100dvh">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      {/* A new page starts at its top (a footer link, the card account after applying); back
          and forward return to where the page was left. */}
      <ScrollRestoration />
      <ShellDialogs onLoggedIn={loggedInWith} />
    </Flex>
  );
}
