import { Box, Button, CloseButton, Dialog, Input, Portal, Stack, Text } from "@chakra-ui/react";
import { useDeferredValue, useMemo, useState } from "react";
import { useI18n } from "@/lib/i18n";
import { useModalGuard } from "@/lib/modal-guard";
import { countryName, flagOf, searchCountries, type Country } from "@/lib/countries";

/** A button showing the chosen country and dial code; opens a searchable list. */
export function CountryPicker({
  id,
  label,
  countries,
  value,
  onChange,
  invalid,
}: {
  readonly id?: string;
  /** The field's name, spoken before the choice ("Country or area code: Hong Kong +852"). */
  readonly label: string;
  readonly countries: readonly Country[];
  readonly value: string;
  readonly onChange: (country: Country) => void;
  readonly invalid?: boolean;
}) {
  const { t, locale } = useI18n();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const found = useMemo(() => searchCountries(countries, deferred), [countries, deferred]);
  const chosen = countries.find((c) => c.code === value);
  useModalGuard(open, () => setOpen(false));
  const shown = chosen
    ? `${flagOf(chosen.code)} ${countryName(chosen, locale)} +${chosen.mobileCode}`
    : t("security.mobile.choose_country");

  return (
    <>
      <Button
        id={id}
        variant="outline"
        justifyContent="start"
        width="full"
        aria-label={`${label}: ${shown}`}
        aria-haspopup="dialog"
        aria-invalid={invalid || undefined}
        onClick={() => setOpen(true)}
      >
        {shown}
      </Button>
      <Dialog.Root open={open} onOpenChange={({ open: next }) => setOpen(next)} scrollBehavior="inside">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{t("security.mobile.choose_country")}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Input
                    aria-label={t("security.mobile.search")}
                    placeholder={t("security.mobile.search")}
                    value={query}
                    onChange={(event) => setQuery(event.currentTarget.value)}
                  />
                  <Box as="ul" role="list" maxHeight="60vh" overflowY="auto">
                    {found.map((country) => (
                      <li key={country.code}>
                        <Button
                          variant="ghost"
                          width="full"
                          justifyContent="space-between"
                          aria-pressed={country.code === value}
                          onClick={() => {
                            onChange(country);
                            setOpen(false);
                          }}
                        >
                          <span>
                            {flagOf(country.code)} {countryName(country, locale)}
                          </span>
                          <Text as="span" color="fg.muted">
                            +{country.mobileCode}
                          </Text>
                        </Button>
                      </li>
                    ))}
                    {found.length === 0 && <Text color="fg.muted">{t("security.mobile.no_country")}</Text>}
                  </Box>
                </Stack>
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t("security.cancel")} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
