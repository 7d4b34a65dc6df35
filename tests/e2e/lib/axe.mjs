// Accessibility: axe-core run inside the page; a violation of impact serious or critical fails
// the journey with the rule, its help text and the offending elements.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const FAILING = new Set(["serious", "critical"]);

/** Runs axe on the whole page as it is now; throws listing every serious or critical violation. */
export async function checkA11y(page, screen) {
  if (!(await page.evaluate(() => "axe" in window))) {
    // Evaluated rather than added as a <script>: the app's Content-Security-Policy (which stays
    // on, as users get it) refuses inline scripts.
    await page.evaluate(AXE_SOURCE);
  }
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary}`),
    }));
  });
  const failing = violations.filter((v) => FAILING.has(v.impact));
  if (failing.length > 0) {
    const list = failing
      .map((v) => `- [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.replace(/\n/g, " ")}`).join("\n")}`)
      .join("\n");
    throw new Error(`accessibility violations on ${screen}:\n${list}`);
  }
}
