import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import {
  accordionSlotRecipe,
  actionBarSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from "@chakra-ui/react/theme";
import { BREAKPOINTS } from "@/lib/viewport";

// Chakra's responsive props use the breakpoints of SPEC §2 (xs under 576 px … xxl from 1600 px),
// the same table `useViewport()` reads, so CSS and script agree on what "mobile" is.
const [, sm, md, lg, xl, xxl] = BREAKPOINTS.map(([, from]) => `${from}px`);

/** Chakra's colour palettes the app does not use (theme.test.ts fails when one appears). */
export const UNUSED_PALETTES: readonly string[] = ["yellow", "cyan", "purple", "pink"];

const withoutUnusedPalettes = <T extends object>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.includes(name))) as T;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * Chakra's light colours that are too pale for text (WCAG AA asks 4.5:1): white on the default
 * `teal.solid` (teal.600) is 3.7:1, on `green.solid` (success toasts) 3.3:1, on `orange.solid`
 * (warning toasts) 3.6:1, and the default `fg.error` (red.500) is 3.8:1 on white. Each takes
 * the next shade: teal.700 (the links' `teal.fg`), green.700, orange.700, red.600 (4.8:1).
 */
const accessibleColors = (colors: Record<string, unknown>) => {
  const group = (name: string) => (isObject(colors[name]) ? colors[name] : {});
  return {
    ...colors,
    teal: { ...group("teal"), solid: { value: "{colors.teal.700}" } },
    green: { ...group("green"), solid: { value: "{colors.green.700}" } },
    orange: { ...group("orange"), solid: { value: "{colors.orange.700}" } },
    fg: { ...group("fg"), error: { value: "{colors.red.600}" } },
  };
};

/**
 * Semantic tokens with their light value only: the app has no dark mode, and every `_dark`
 * value would otherwise be resolved and written into the page's CSS variables at start.
 */
function lightOnly<T extends object>(tree: T): T {
  return Object.fromEntries(
    Object.entries(tree).map(([name, node]: [string, unknown]) => {
      if (!isObject(node)) return [name, node];
      if (!("value" in node)) return [name, lightOnly(node)];
      const value = isObject(node.value) && "_light" in node.value ? node.value._light : node.value;
      return [name, { ...node, value }];
    }),
  ) as T;
}

/**
 * Chakra's default theme cut to what the app uses, because building it is most of the work
 * before the first paint: the recipes of the components it imports, not all ~90 of them
 * (`defaultConfig` would also build a second, unused system at start), the palettes it names,
 * light values only. A component whose recipe is missing would render unstyled, so
 * theme.test.ts fails when the app imports one.
 */
const appConfigs = ({ withGlobalStyles }: { readonly withGlobalStyles: boolean }) =>
  [
    defaultBaseConfig,
    defineConfig({
      // The reset and the global styles only go into the global CSS; without them Chakra skips
      // building both.
      preflight: withGlobalStyles,
      cssVarsPrefix,
      cssVarsRoot,
      globalCss: withGlobalStyles ? globalCss : {},
      theme: {
        breakpoints: { sm: sm ?? "", md: md ?? "", lg: lg ?? "", xl: xl ?? "", "2xl": xxl ?? "" },
        keyframes,
        tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors ?? {}) },
        semanticTokens: {
          ...semanticTokens,
          colors: lightOnly(accessibleColors(withoutUnusedPalettes(semanticTokens.colors ?? {}))),
          shadows: lightOnly(semanticTokens.shadows ?? {}),
        },
        textStyles,
        layerStyles,
        animationStyles,
        recipes: {
          badge: badgeRecipe,
          button: buttonRecipe,
          checkmark: checkmarkRecipe,
          code: codeRecipe,
          container: containerRecipe,
          heading: headingRecipe,
          icon: iconRecipe,
          input: inputRecipe,
          link: linkRecipe,
          radiomark: radiomarkRecipe,
          separator: separatorRecipe,
          skeleton: skeletonRecipe,
          spinner: spinnerRecipe,
          textarea: textareaRecipe,
        },
        slotRecipes: {
          accordion: accordionSlotRecipe,
          actionBar: actionBarSlotRecipe,
          alert: alertSlotRecipe,
          card: cardSlotRecipe,
          checkbox: checkboxSlotRecipe,
          dataList: dataListSlotRecipe,
          dialog: dialogSlotRecipe,
          drawer: drawerSlotRecipe,
          field: fieldSlotRecipe,
          fieldset: fieldsetSlotRecipe,
          list: listSlotRecipe,
          menu: menuSlotRecipe,
          nativeSelect: nativeSelectSlotRecipe,
          radioGroup: radioGroupSlotRecipe,
          stat: statSlotRecipe,
          switch: switchSlotRecipe,
          table: tableSlotRecipe,
          tag: tagSlotRecipe,
          toast: toastSlotRecipe,
        },
      },
    }),
  ] as const;

export const createAppSystem = (options: { readonly withGlobalStyles: boolean }) => createSystem(...appConfigs(options));

type AppSystem = ReturnType<typeof createAppSystem>;

let system: AppSystem | undefined;

/**
 * A system that hands ChakraProvider no global CSS to insert (`_global`, what the provider
 * inserts as global styles): a production build has it in index.html already (vite.config.ts,
 * themeStyles, rendered by src/config/global-css.ts). theme.test.ts checks that the provider then
 * inserts nothing of it.
 */
export const withoutGlobalCss = (built: AppSystem): AppSystem => ({ ...built, _global: [] });

/**
 * The app's system, built on first use (src/boot.tsx builds it in a task of its own before the
 * first render): in a production build without the reset and global styles, and without global
 * CSS for the provider to insert (withoutGlobalCss); the dev server and the tests insert it all
 * at run time.
 */
export function appSystem(): AppSystem {
  system ??= import.meta.env.PROD
    ? withoutGlobalCss(createAppSystem({ withGlobalStyles: false }))
    : createAppSystem({ withGlobalStyles: true });
  return system;
}
