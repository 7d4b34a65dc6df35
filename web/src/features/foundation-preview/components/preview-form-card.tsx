import { Button, Card, Heading, Stack } from "@chakra-ui/react";
import { useId, type FormEventHandler, type ReactNode } from "react";
import { useI18n } from "@/lib/i18n";

interface PreviewFormCardProps {
  readonly title: string;
  readonly onSubmit: FormEventHandler<HTMLFormElement>;
  readonly submitting: boolean;
  readonly children: ReactNode;
}

/** A titled card holding one preview form and its Check button. */
export function PreviewFormCard({ title, onSubmit, submitting, children }: PreviewFormCardProps) {
  const { t } = useI18n();
  const titleId = useId();
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg" id={titleId}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        {/* noValidate: the domain rules decide, not the browser's built-in checks. */}
        <form noValidate aria-labelledby={titleId} onSubmit={onSubmit}>
          <Stack gap="5">
            {children}
            <Button type="submit" colorPalette="teal" alignSelf="start" loading={submitting}>
              {t("preview.check")}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
