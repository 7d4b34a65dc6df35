import { ChakraProvider } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { SWRConfig, type SWRConfiguration } from "swr";
import { Toaster } from "@/components/ui/toaster";
import { appSystem } from "@/config/theme";
import { I18nProvider } from "@/lib/i18n";

const swrConfig: SWRConfiguration = {
  // One cache per app (and per test render): logout clears it through this provider's mutate.
  provider: () => new Map(),
  // A failing call is retried a few times, not forever; the HTTP client reports the failure.
  errorRetryCount: 3,
  // Paged lists keep showing the previous page while the next one loads.
  keepPreviousData: true,
};

/** Everything every screen needs: theme, language, data cache and toasts. */
export function AppProvider({ children }: { readonly children: ReactNode }) {
  return (
    <ChakraProvider value={appSystem()}>
      <I18nProvider>
        <SWRConfig value={swrConfig}>
          {children}
          <Toaster />
        </SWRConfig>
      </I18nProvider>
    </ChakraProvider>
  );
}
