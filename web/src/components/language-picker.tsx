import { Button } from "@chakra-ui/react";
import { lazy, Suspense, useRef, useState } from "react";
import { useI18n } from "@/lib/i18n";
import { LOCALES } from "@/lib/locale";

// The modal's code is fetched when the button is first pressed (the header is on every page).
const LanguageDialog = lazy(async () => ({ default: (await import("./language-dialog")).LanguageDialog }));

/** The header's language button; it opens the language modal. */
export function LanguagePicker() {
  const { locale, t } = useI18n();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const current = LOCALES.find(({ code }) => code === locale);
  return (
    <>
      <Button
        ref={button}
        size="sm"
        variant="ghost"
        aria-haspopup="dialog"
        aria-label={`${t("header.language")}: ${current?.label ?? locale}`}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {current?.label}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <LanguageDialog open={open} onClose={() => setOpen(false)} returnFocus={button} />
        </Suspense>
      )}
    </>
  );
}
