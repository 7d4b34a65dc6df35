import { Text } from "@chakra-ui/react";

/**
 * The error of a group of radio buttons or checkboxes (a Field would give each input of the group
 * its own id and label, the same for all): its text, in a polite live region.
 */
export function GroupError({ id, message }: { readonly id: string; readonly message?: string | undefined }) {
  return (
    <Text id={id} color="fg.error" fontSize="sm" aria-live="polite">
      {message}
    </Text>
  );
}
