import { Box, Flex } from "@chakra-ui/react";
import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import { Header } from "@/components/layouts/header";
import { PageSpinner } from "@/components/ui/page-spinner";

export function RootLayout() {
  return (
    <Flex direction="column" minHeight="100dvh">
      <Header />
      <Box as="main" flex="1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Flex>
  );
}
