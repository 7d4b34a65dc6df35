// The official IRS pages the tax forms document links to (the same in every language; irs.gov
// publishes in English).
export const IRS = {
  w8ben: "https://www.irs.gov/forms-pubs/about-form-w-8-ben",
  w8benPdf: "https://www.irs.gov/pub/irs-pdf/fw8ben.pdf",
  w8bene: "https://www.irs.gov/forms-pubs/about-form-w-8-ben-e",
  w8benePdf: "https://www.irs.gov/pub/irs-pdf/fw8bene.pdf",
  w9: "https://www.irs.gov/forms-pubs/about-form-w-9",
  w9Pdf: "https://www.irs.gov/pub/irs-pdf/fw9.pdf",
  fatca: "https://www.irs.gov/businesses/corporations/foreign-account-tax-compliance-act-fatca",
  substantialPresence: "https://www.irs.gov/individuals/international-taxpayers/substantial-presence-test",
} as const;
