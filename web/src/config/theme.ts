import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";
import { BREAKPOINTS } from "@/lib/viewport";

// Chakra's responsive props use the breakpoints of SPEC §2 (xs under 576 px … xxl from 1600 px),
// the same table `useViewport()` reads, so CSS and script agree on what "mobile" is.
const [, sm, md, lg, xl, xxl] = BREAKPOINTS.map(([, from]) => `${from}px`);

export const system = createSystem(
  defaultConfig,
  defineConfig({
    theme: {
      breakpoints: { sm: sm ?? "", md: md ?? "", lg: lg ?? "", xl: xl ?? "", "2xl": xxl ?? "" },
      // Two of Chakra's light colours are too pale for text (WCAG AA asks 4.5:1): white on
      // teal.600, the default `teal.solid`, is 3.7:1, and red.500, the default `fg.error`, 3.8:1
      // on white. Solid teal buttons take teal.700 (the links' `teal.fg`), error texts red.600.
      semanticTokens: {
        colors: {
          teal: { solid: { value: "{colors.teal.700}" } },
          fg: { error: { value: "{colors.red.600}" } },
        },
      },
    },
  }),
);
