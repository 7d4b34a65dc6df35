import { Alert } from "@chakra-ui/react";
import type { GlobalError } from "react-hook-form";

/** The error about the whole form (domain field ""), if any. */
export function FormError({ error }: { readonly error?: GlobalError }) {
  if (!error?.message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{error.message}</Alert.Title>
    </Alert.Root>
  );
}
