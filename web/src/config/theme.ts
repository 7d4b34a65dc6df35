import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";
import { BREAKPOINTS } from "@/lib/viewport";

// Chakra's responsive props use the breakpoints of SPEC §2 (xs under 576 px … xxl from 1600 px),
// the same table `useViewport()` reads, so CSS and script agree on what "mobile" is.
const [, sm, md, lg, xl, xxl] = BREAKPOINTS.map(([, from]) => `${from}px`);

export const system = createSystem(
  defaultConfig,
  defineConfig({
    theme: { breakpoints: { sm: sm ?? "", md: md ?? "", lg: lg ?? "", xl: xl ?? "", "2xl": xxl ?? "" } },
  }),
);
