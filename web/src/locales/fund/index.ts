import { textPart } from "@/lib/locale";

/**
 * The fund's texts (issue 26): only the fund's pages show them, so they come with those pages
 * (the router loads them with the pages' code) instead of with every first visit.
 */
export const fundTexts = textPart({
  "en-US": () => import("./en-US.json"),
  "zh-HK": () => import("./zh-HK.json"),
});
