import { Box, chakra, Heading, Text } from "@chakra-ui/react";
import { useState, type KeyboardEvent } from "react";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";
import { Section } from "./section";

/** The ten questions of the product page (SPEC §2), each `faq.<topic>.q` with `faq.<topic>.a`. */
export const FAQ_TOPICS = [
  "virtual",
  "fees",
  "deposit",
  "limits",
  "freeze",
  "cancel",
  "verification",
  "merchants",
  "identity",
  "mobile",
] as const;

type Topic = (typeof FAQ_TOPICS)[number];

const KEY_STEPS: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** Up/Down (wrapping), Home and End move between the questions, as the WAI-ARIA accordion pattern has it. */
function moveFocus(event: KeyboardEvent<HTMLElement>): void {
  const step = KEY_STEPS[event.key];
  const triggers = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button[aria-controls]")];
  const index = triggers.indexOf(event.target as HTMLButtonElement);
  if (!step || index < 0) return;
  event.preventDefault();
  triggers[step(index, triggers.length)]?.focus();
}

/**
 * Questions and answers as an accordion (the WAI-ARIA pattern: each question a button in its
 * own heading, saying whether its answer is shown). Written here rather than taken from Chakra:
 * the page loads with the first visit, and this costs a fraction of Chakra's accordion machine.
 */
export function FaqSection() {
  const { t } = useI18n();
  const [open, setOpen] = useState<ReadonlySet<Topic>>(new Set());
  const toggle = (topic: Topic) =>
    setOpen((shown) => {
      const next = new Set(shown);
      if (!next.delete(topic)) next.add(topic);
      return next;
    });
  return (
    <Section id="faq" title={t("faq.title")}>
      <Box
        as="ul"
        listStyleType="none"
        maxWidth="4xl"
        borderWidth="1px"
        borderRadius="l3"
        bg="bg.panel"
        overflow="hidden"
        onKeyDown={moveFocus}
      >
        {FAQ_TOPICS.map((topic) => {
          const shown = open.has(topic);
          return (
            <Box as="li" key={topic} borderTopWidth={topic === FAQ_TOPICS[0] ? undefined : "1px"}>
              <Heading as="h3" size="md">
                <chakra.button
                  type="button"
                  id={`faq-${topic}`}
                  aria-expanded={shown}
                  aria-controls={`faq-${topic}-answer`}
                  onClick={() => toggle(topic)}
                  display="flex"
                  width="full"
                  alignItems="center"
                  gap="4"
                  paddingX={{ base: "4", md: "5" }}
                  paddingY="4"
                  textAlign="start"
                  fontWeight="semibold"
                  cursor="pointer"
                  _hover={{ bg: "bg.muted" }}
                  _focusVisible={{ outline: "2px solid", outlineColor: "teal.700", outlineOffset: "-2px" }}
                >
                  <Text as="span" flex="1">
                    {t(`faq.${topic}.q` as MessageKey)}
                  </Text>
                  <Chevron turned={shown} />
                </chakra.button>
              </Heading>
              <Box
                id={`faq-${topic}-answer`}
                hidden={!shown}
                paddingX={{ base: "4", md: "5" }}
                paddingBottom="5"
                color="fg.muted"
              >
                {t(`faq.${topic}.a` as MessageKey)}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Section>
  );
}

function Chevron({ turned }: { readonly turned: boolean }) {
  return (
    <Box
      as="span"
      aria-hidden="true"
      flexShrink="0"
      transition="transform 0.2s"
      transform={turned ? "rotate(180deg)" : undefined}
      display="inline-flex"
    >
      <svg viewBox="0 0 16 16" width="16" height="16" focusable="false">
        <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </Box>
  );
}
