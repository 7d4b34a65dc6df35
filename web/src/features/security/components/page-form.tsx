import { Button, Card, Heading, HStack, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { FormStack, type FormSubmitHandler } from "@/components/ui/form";
import { paths } from "@/config/paths";
import { useI18n } from "@/lib/i18n";

/** A security sub-page's form: title, fields, and Cancel (back to the overview) / Submit. */
export function PageForm({
  title,
  submitLabel,
  submitting,
  onSubmit,
  children,
}: {
  readonly title: string;
  readonly submitLabel: string;
  readonly submitting: boolean;
  readonly onSubmit: FormSubmitHandler;
  readonly children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Stack gap="6" maxWidth="lg">
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <Card.Root>
        <Card.Body>
          <FormStack onSubmit={onSubmit} label={title}>
            {children}
            <HStack justify="end">
              <Button asChild variant="ghost">
                <RouterLink to={paths.security}>{t("security.cancel")}</RouterLink>
              </Button>
              <Button type="submit" colorPalette="teal" loading={submitting}>
                {submitLabel}
              </Button>
            </HStack>
          </FormStack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
