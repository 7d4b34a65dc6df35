import { Button, Container, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { Suspense } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { AccountSideMenu, AccountTopBar } from "@/components/layouts/account-menu";
import { PageSpinner } from "@/components/ui/page-spinner";
import { openAuthDialog } from "@/features/auth/stores/auth-dialog";
import { FirstStepsPanel } from "@/features/user/components/first-steps";
import { useI18n } from "@/lib/i18n";
import { useLoggedIn } from "@/lib/session";
import { useViewport } from "@/lib/viewport";

// The first steps show below the page (above it, arriving late, they pushed the page down: a
// layout shift of 0.22 that cost Lighthouse 20 points on the security and card pages), in the
// page's Suspense boundary, so that both show in the same commit: their code comes with this
// layout and their answer is asked for as the visit starts (the areas' `handle.reads`), so they
// are rarely last; arriving after the page they move nothing above them. (Shown apart, a chunk
// and a request after the page, they were the card page's largest text, painted last: an LCP of
// 3.3 s on Lighthouse's phone.)

/**
 * The account area (/my, /account): side menu on desktop, top bar on mobile, the first steps
 * below the page until they are done; needs a login.
 */
export function Component() {
  const { isMobile } = useViewport();
  const loggedIn = useLoggedIn();
  const { pathname } = useLocation();
  const page = (
    <Suspense fallback={<PageSpinner />}>
      {loggedIn ? <Outlet /> : <LoginRequired />}
      {loggedIn && <FirstStepsPanel page={pathname} />}
    </Suspense>
  );
  if (isMobile) {
    return (
      <>
        <AccountTopBar />
        <Container paddingY="6">{page}</Container>
      </>
    );
  }
  return (
    <Container maxWidth="7xl" paddingY="10">
      <Flex gap="10" align="start">
        <AccountSideMenu />
        <Stack flex="1" minWidth="0">
          {page}
        </Stack>
      </Flex>
    </Container>
  );
}

function LoginRequired() {
  const { t } = useI18n();
  return (
    <Stack gap="4" align="start">
      <Heading as="h1" size="lg">
        {t("app.login_required.title")}
      </Heading>
      <Text color="fg.muted">{t("app.login_required.body")}</Text>
      <Button colorPalette="teal" onClick={() => openAuthDialog("login")}>
        {t("header.login")}
      </Button>
    </Stack>
  );
}
