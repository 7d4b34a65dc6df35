import { Button, Container, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { AccountSideMenu, AccountTopBar } from "@/components/layouts/account-menu";
import { PageSpinner } from "@/components/ui/page-spinner";
import { openAuthDialog } from "@/features/auth/stores/auth-dialog";
import { useI18n } from "@/lib/i18n";
import { useLoggedIn } from "@/lib/session";
import { useViewport } from "@/lib/viewport";

// The checklist's code and answer come after the page's: it shows below the page, so that
// arriving late it moves nothing a person is reading (above the page it pushed the page down,
// a layout shift of 0.22 that cost Lighthouse 20 points on the security and card pages).
const FirstStepsPanel = lazy(async () => ({ default: (await import("@/features/user/components/first-steps")).FirstStepsPanel }));

/**
 * The account area (/my, /account): side menu on desktop, top bar on mobile, the first steps
 * below the page until they are done; needs a login.
 */
export function Component() {
  const { isMobile } = useViewport();
  const loggedIn = useLoggedIn();
  const { pathname } = useLocation();
  const page = (
    <>
      <Suspense fallback={<PageSpinner />}>{loggedIn ? <Outlet /> : <LoginRequired />}</Suspense>
      {loggedIn && (
        <Suspense fallback={null}>
          <FirstStepsPanel page={pathname} />
        </Suspense>
      )}
    </>
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
