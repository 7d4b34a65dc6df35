import { Box } from "@chakra-ui/react";
import { useI18n } from "@/lib/i18n";

/**
 * A drawing of the virtual card (inline SVG: no image request, and its box is sized by the
 * viewBox before it paints, so nothing shifts). Decorative: the page's text says what it shows.
 * Fonts are set in `style`: the page's stylesheet would win over SVG font attributes.
 */
export function CardArt() {
  const { t } = useI18n();
  return (
    <Box width="full" maxWidth="md" marginX="auto" aspectRatio="1.586" filter="drop-shadow(0 18px 30px rgba(15, 118, 110, 0.28))">
      <svg viewBox="0 0 856 540" width="100%" height="100%" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="card-art-face" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#134e4a" />
            <stop offset="0.55" stopColor="#0f766e" />
            <stop offset="1" stopColor="#0e7490" />
          </linearGradient>
          <clipPath id="card-art-edge">
            <rect width="856" height="540" rx="40" />
          </clipPath>
          <linearGradient id="card-art-chip" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#fde68a" />
            <stop offset="1" stopColor="#d97706" />
          </linearGradient>
        </defs>
        <g clipPath="url(#card-art-edge)">
          <rect width="856" height="540" fill="url(#card-art-face)" />
          <circle cx="760" cy="-40" r="300" fill="#ffffff" opacity="0.07" />
          <circle cx="860" cy="560" r="260" fill="#ffffff" opacity="0.05" />
        </g>
        <text x="64" y="112" fill="#ffffff" style={{ font: "700 56px system-ui, sans-serif" }}>
          fiscard
        </text>
        <text x="792" y="112" fill="#ccfbf1" style={{ font: "600 30px system-ui, sans-serif", letterSpacing: "6px" }} textAnchor="end">
          {t("product.hero.card_kind")}
        </text>
        <rect x="64" y="188" width="112" height="84" rx="14" fill="url(#card-art-chip)" />
        <path d="M64 230h112M120 188v84M92 188v84M148 188v84" stroke="#92400e" strokeWidth="3" opacity="0.5" />
        <text x="64" y="380" fill="#ffffff" style={{ font: "50px ui-monospace, monospace", letterSpacing: "4px" }}>
          •••• •••• •••• 4821
        </text>
        <text x="64" y="462" fill="#ccfbf1" style={{ font: "28px system-ui, sans-serif", letterSpacing: "2px" }}>
          USD
        </text>
        <circle cx="716" cy="446" r="42" fill="#ffffff" opacity="0.85" />
        <circle cx="768" cy="446" r="42" fill="#ffffff" opacity="0.55" />
      </svg>
    </Box>
  );
}
