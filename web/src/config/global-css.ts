import { ChakraProvider } from "@chakra-ui/react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createAppSystem } from "./theme";

/**
 * The CSS Chakra's provider inserts when the app starts (the layer order, the reset, the global
 * styles, the token variables), exactly as emotion writes it.
 */
export function renderGlobalCss(): string {
  const system = createAppSystem({ withGlobalStyles: true });
  const html = renderToString(createElement(ChakraProvider, { value: system, children: null }));
  return [...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map(([, css = ""]) => css).join("\n");
}
