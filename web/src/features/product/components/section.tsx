import { Box, Container, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** A band of the product page: its h2 (naming the region), an optional intro, its content. */
export function Section({
  id,
  title,
  intro,
  tinted = false,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly intro?: string;
  readonly tinted?: boolean;
  readonly children: ReactNode;
}) {
  return (
    <Box as="section" id={id} aria-labelledby={`${id}-title`} bg={tinted ? "bg.subtle" : undefined} scrollMarginTop="16">
      <Container maxWidth="6xl" paddingY={{ base: "10", md: "16" }}>
        <Stack gap={{ base: "6", md: "8" }}>
          <Stack gap="2" maxWidth="3xl">
            <Heading as="h2" id={`${id}-title`} size={{ base: "2xl", md: "3xl" }}>
              {title}
            </Heading>
            {intro && <Text color="fg.muted">{intro}</Text>}
          </Stack>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
