import { Box, chakra, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { useI18n } from "@/lib/i18n";
import type { CardBin } from "../api/get-bins";
import { useRegionName } from "@/lib/use-region-name";

export interface BinPickerProps {
  readonly bins: readonly CardBin[];
  readonly value: string;
  readonly onChange: (bin: string) => void;
}

/**
 * The BINs to choose from, as a radio group (native radios: arrow keys move between them, and
 * each is named by its scheme, BIN, region and currency).
 */
export function BinPicker({ bins, value, onChange }: BinPickerProps) {
  const { t } = useI18n();
  const legend = useId();
  const regionName = useRegionName();
  return (
    <Box as="fieldset" role="radiogroup" aria-labelledby={legend} minWidth="0">
      <Box as="legend" id={legend} fontWeight="semibold" marginBottom="3">
        {t("product.apply.bin")}
      </Box>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        {bins.map((item) => {
          const checked = item.bin === value;
          return (
            <Box
              as="label"
              key={item.bin}
              display="flex"
              alignItems="flex-start"
              gap="3"
              padding="4"
              borderWidth="2px"
              borderRadius="l3"
              borderColor={checked ? "teal.700" : "border"}
              bg={checked ? "teal.subtle" : "bg.panel"}
              cursor="pointer"
              _focusWithin={{ outline: "2px solid", outlineColor: "teal.700", outlineOffset: "2px" }}
            >
              <chakra.input
                type="radio"
                name="bin"
                value={item.bin}
                checked={checked}
                onChange={() => onChange(item.bin)}
                marginTop="1"
                boxSize="4"
                accentColor="teal.700"
                flexShrink="0"
              />
              <Stack gap="0.5">
                <Text fontWeight="semibold">
                  {item.orgName} · {item.bin}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {regionName(item.locationCode)} · {item.currency}
                </Text>
              </Stack>
            </Box>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
