import type { MessageKey, Translate } from "@/lib/locale";

/**
 * The label of an API field of the identity forms (`firstName`, `taxFormFile`…): the form shows
 * it above the field, and a rejection names the field it concerns with it. Each is the
 * catalogue's `identity.field.<field>`; a field the catalogue does not know shows its API name.
 */
export function fieldLabel(t: Translate, field: string): string {
  const key = `identity.field.${field}`;
  const label = t(key as MessageKey);
  return label === key ? field : label;
}
