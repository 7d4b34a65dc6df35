import { Stack } from "@chakra-ui/react";
import type { FormEventHandler, ReactNode } from "react";

/** A form laid out as a stack; named by `label` (role "form"); the browser's own checks are off. */
export function FormStack({
  label,
  onSubmit,
  children,
}: {
  readonly label: string;
  readonly onSubmit: FormEventHandler<HTMLFormElement>;
  readonly children: ReactNode;
}) {
  return (
    <Stack asChild gap="4">
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        {children}
      </form>
    </Stack>
  );
}
