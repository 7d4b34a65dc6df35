import { Stack } from "@chakra-ui/react";
import type { FormEvent, ReactNode } from "react";

/**
 * What a form does when submitted: react-hook-form's `handleSubmit(…)`, which is async. The form
 * does not wait for it: the handler shows its own outcome.
 */
export type FormSubmitHandler = (event: FormEvent<HTMLFormElement>) => void | Promise<void>;

/**
 * A form laid out as a stack; named by `label` (role "form"); the browser's own checks are off.
 * `id` lets a button outside it submit it (a dialog's footer).
 */
export function FormStack({
  id,
  label,
  onSubmit,
  children,
}: {
  readonly id?: string;
  readonly label: string;
  readonly onSubmit: FormSubmitHandler;
  readonly children: ReactNode;
}) {
  return (
    <Stack asChild gap="4">
      <form id={id} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={label}>
        {children}
      </form>
    </Stack>
  );
}
