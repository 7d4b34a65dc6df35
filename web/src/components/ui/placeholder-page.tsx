import { Heading, Stack, Text } from "@chakra-ui/react";

/** A page whose content belongs to a later issue: its title, and a line saying what will come. */
export function PlaceholderPage({ title, note }: { readonly title: string; readonly note: string }) {
  return (
    <Stack gap="3">
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <Text color="fg.muted">{note}</Text>
    </Stack>
  );
}
