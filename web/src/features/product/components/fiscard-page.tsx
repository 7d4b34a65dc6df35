import { ApplySection } from "./apply-section";
import { FaqSection } from "./faq-section";
import { Hero } from "./hero";
import { FeesSection, ReachSection, WireSection } from "./offer-sections";
import type { ApplyOptions } from "./use-apply";

/** The card's landing page (SPEC §1–§2): offer, fees, reach, funding, application (#apply), FAQ. */
export function FiscardPage(props: ApplyOptions) {
  return (
    <>
      <Hero />
      <FeesSection />
      <ReachSection />
      <WireSection />
      <ApplySection {...props} />
      <FaqSection />
    </>
  );
}
