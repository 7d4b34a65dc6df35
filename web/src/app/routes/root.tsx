import { Box, Flex, Link } from "@chakra-ui/react";
import { startTransition, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
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
import { useI18n } from "@/lib/i18n";
import { useLoggedIn } from "@/lib/session";
import { clearSessionToken, storeSessionToken } from "@/lib/session-token";
import { isProtectedRoute, pageTitle } from "../shell/route-handle";
import { ShellDialogs } from "../shell/shell-dialogs";
import { useShellApiClient } from "../shell/use-api-client-for-shell";
import { useMaskedEmail } from "@/lib/use-masked-email";
import { useRouteGuards } from "../shell/use-route-guards";

const openLogin = () => openAuthDialog("login");
const openRegister = () => openAuthDialog("register");

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
  const { pageReady } = useRouteGuards();
  const api = useApiClient();
  const load = useApiLoader();
  const loggedIn = useLoggedIn();
  const { data: self } = useSelf(loggedIn);
  // The header's masked e-mail has the wasm module fetched once the first page is committed (and
  // the browser is idle after it), so that it never competes with that page's code, data and first
  // paint.
  const account = useMaskedEmail(pageReady ? self?.email : undefined);
  const navigate = useNavigate();
  const matches = useMatches();
  const { mutate } = useSWRConfig();
  const { t } = useI18n();
  // Each page's own title in the user's language (WCAG 2.4.2).
  const title = pageTitle(matches);
  useEffect(() => {
    document.title = title === undefined ? "fiscard" : `${t(title)} · fiscard`;
  }, [title, t]);
  // The footer starts below the fold (the page is at least a screen high): it is rendered just
  // after the page's first commit, as a transition, instead of adding to it.
  const [footerShown, setFooterShown] = useState(false);
  useEffect(() => startTransition(() => setFooterShown(true)), []);

  /**
   * After a login: the token kept, then the user, security config and balances loaded. A new
   * account goes on to the account area, where its first steps show.
   */
  const loggedInWith = useCallback(
    async (token: string, registered: boolean) => {
      storeSessionToken(token);
      await Promise.all([load(selfKey), load(securityConfigKey), load(balanceKey)]);
      if (registered) void navigate(paths.account);
    },
    [load, navigate],
  );

  // The page the logout leaves, read when it happens (so the header's callback stays the same).
  const onProtectedPage = useRef(false);
  useLayoutEffect(() => {
    onProtectedPage.current = isProtectedRoute(matches);
  }, [matches]);
  const signOut = useCallback(async () => {
    await logout(api);
    clearSessionToken();
    await mutate(() => true, undefined, { revalidate: false });
    if (onProtectedPage.current) void navigate(paths.home);
  }, [api, mutate, navigate]);
  const onLogout = useCallback(() => void signOut(), [signOut]);

  return (
    <Flex direction="column" minHeight="100dvh">
      {/* The first stop of the keyboard: past the header to the page (WCAG 2.4.1). */}
      <Link
        href="#main"
        position="absolute"
        left="2"
        top="2"
        zIndex="skipNav"
        bg="bg.panel"
        paddingX="3"
        paddingY="2"
        rounded="md"
        borderWidth="1px"
        transform="translateY(-200%)"
        _focusVisible={{ transform: "none" }}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById("main")?.focus();
        }}
      >
        {t("app.skip_to_content")}
      </Link>
      <Header
        loggedIn={loggedIn}
        account={account}
        onLogin={openLogin}
        onRegister={openRegister}
        onLogout={onLogout}
      />
      {/* At least a screen high: the footer starts below the fold, so a page replacing its
          loading spinner never moves it on screen (no layout shift). */}
      <Box as="main" id="main" tabIndex={-1} outline="none" flex="1" minHeight="100dvh">
        <Suspense fallback={<PageSpinner />}>{pageReady ? <Outlet /> : <PageSpinner />}</Suspense>
      </Box>
      {footerShown && <Footer />}
      {/* A new page starts at its top (a footer link, the card account after applying); back
          and forward return to where the page was left. */}
      <ScrollRestoration />
      <ShellDialogs onLoggedIn={loggedInWith} />
    </Flex>
  );
}
