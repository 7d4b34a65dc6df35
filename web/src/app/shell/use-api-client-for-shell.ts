import { useRef, useState } from "react";
import { useMatches, useNavigate } from "react-router-dom";
import { useSWRConfig } from "swr";
import { askConfirm } from "@/components/ui/confirm-store";
import { toaster } from "@/components/ui/toaster-queue";
import { askVerification } from "@/features/security/stores/verification-request";
import { createApiClient, type ApiClient } from "@/lib/api-client";
import { isProtectedRoute } from "./route-handle";

/**
 * The one API client, driving the real shell: toasts, the verification dialog, the confirm
 * prompt, logout (forgetting the user's cached data) and the router.
 */
export function useShellApiClient(): ApiClient {
  const navigate = useNavigate();
  const matches = useMatches();
  const { mutate } = useSWRConfig();
  // The handlers read the latest router state, while the client is built once.
  const latest = useRef({ navigate, matches, mutate });
  latest.current = { navigate, matches, mutate };

  const [client] = useState(() =>
    createApiClient({
      notify: ({ type, title, description, text }) => {
        toaster.create({ type, title: text ?? title, ...(description !== undefined && { description }) });
      },
      verify: askVerification,
      confirm: askConfirm,
      logout: () => {
        void latest.current.mutate(() => true, undefined, { revalidate: false });
      },
      isProtectedPage: () => isProtectedRoute(latest.current.matches),
      back: () => void latest.current.navigate(-1),
      navigate: (href) => void latest.current.navigate(href),
      reload: () => window.location.reload(),
    }),
  );
  return client;
}
