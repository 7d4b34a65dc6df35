import { textPart } from "@/lib/locale";

/**
 * The operator console's texts (issue 20): only its pages show them, so they come with those
 * pages instead of with every user's first visit.
 */
export const opsTexts = textPart({
  "en-US": () => import("./en-US.json"),
  "zh-HK": () => import("./zh-HK.json"),
});
