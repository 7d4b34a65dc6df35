import { Box, Container, Heading, Link, Skeleton, Stack, Text } from "@chakra-ui/react";
import { Suspense, use } from "react";
import { Link as RouterLink } from "react-router-dom";
import { useI18n } from "@/lib/i18n";
import type { Locale, MessageKey } from "@/lib/locale";
import type { Block, DocumentContent, DocumentSection } from "../content/document";
import { loadDocument, type DocumentName } from "../content/load-document";

const TITLES: Readonly<Record<DocumentName, MessageKey>> = {
  privacy: "docs.privacy.title",
  agreement: "docs.agreement.title",
  taxForms: "docs.tax_forms.title",
};

/** A static document: its title at once, its text (in the interface language) once fetched. */
export function DocumentPage({ name }: { readonly name: DocumentName }) {
  const { t } = useI18n();
  return (
    <Container as="article" maxWidth="3xl" paddingY={{ base: "8", md: "14" }}>
      <Stack gap="6">
        <Heading as="h1" size={{ base: "2xl", md: "4xl" }}>
          {t(TITLES[name])}
        </Heading>
        <Suspense fallback={<Skeleton height="64" borderRadius="l2" />}>
          <DocumentText name={name} />
        </Suspense>
      </Stack>
    </Container>
  );
}

function formatDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

function DocumentText({ name }: { readonly name: DocumentName }) {
  const { t, locale } = useI18n();
  const content: DocumentContent = use(loadDocument(name, locale));
  return (
    <Stack gap="8">
      <Stack gap="3">
        <Text color="fg.muted" fontSize="sm">
          <time dateTime={content.updated}>{t("docs.updated", { date: formatDay(content.updated, locale) })}</time>
        </Text>
        <Text fontSize="lg">{content.summary}</Text>
      </Stack>
      <Box as="nav" aria-label={t("docs.contents")} borderWidth="1px" borderRadius="l3" padding="5" bg="bg.subtle">
        <Text fontWeight="semibold" marginBottom="2" aria-hidden="true">
          {t("docs.contents")}
        </Text>
        <Box as="ol" paddingStart="5" listStyleType="decimal" display="grid" gap="1">
          {content.sections.map((section) => (
            <li key={section.id}>
              <Link asChild color="teal.fg">
                <RouterLink to={`#${section.id}`}>{section.heading}</RouterLink>
              </Link>
            </li>
          ))}
        </Box>
      </Box>
      {content.sections.map((section) => (
        <Section key={section.id} section={section} />
      ))}
    </Stack>
  );
}

function Section({ section }: { readonly section: DocumentSection }) {
  return (
    <Box as="section" id={section.id} aria-labelledby={`${section.id}-title`} scrollMarginTop="20">
      <Stack gap="3">
        <Heading as="h2" id={`${section.id}-title`} size="xl">
          {section.heading}
        </Heading>
        {section.blocks.map((block, index) => (
          <BlockView key={index} block={block} />
        ))}
      </Stack>
    </Box>
  );
}

function BlockView({ block }: { readonly block: Block }) {
  const { t } = useI18n();
  if (typeof block === "string") return <Text lineHeight="tall">{block}</Text>;
  if ("subheading" in block) {
    return (
      <Heading as="h3" size="md" marginTop="2">
        {block.subheading}
      </Heading>
    );
  }
  if ("list" in block) {
    return (
      <Box as="ul" paddingStart="6" listStyleType="disc" display="grid" gap="1.5" lineHeight="tall">
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </Box>
    );
  }
  return (
    <Box as="ul" paddingStart="6" listStyleType="disc" display="grid" gap="1.5">
      {block.links.map((link) => (
        <li key={link.href}>
          <Link href={link.href} target="_blank" rel="noopener noreferrer" color="teal.fg" textDecoration="underline">
            {link.label}
            <Box as="span" srOnly>
              {" "}
              {t("docs.new_tab")}
            </Box>
          </Link>
        </li>
      ))}
    </Box>
  );
}
