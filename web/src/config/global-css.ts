import { ChakraProvider, type SystemContext } from "@chakra-ui/react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createAppSystem } from "./theme";

/**
 * The CSS Chakra's provider inserts when the app starts with `system` (by default the app's with
 * its global styles: the layer order, the reset, the global styles, the token variables),
 * exactly as emotion writes it.
 */
export function renderGlobalCss(system: SystemContext = createAppSystem({ withGlobalStyles: true })): string {
  const html = renderToString(createElement(ChakraProvider, { value: system, children: null }));
  return [...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map(([, css = ""]) => css).join("\n");
}
