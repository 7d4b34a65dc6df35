import type { DocumentContent } from "./document";
import { IRS } from "./irs-links";

const taxForms: DocumentContent = {
  updated: "2026-11-21",
  summary:
    "US tax rules require financial institutions to find out whether each customer is a US person for tax purposes. In investor certification you upload one tax form: Form W-9 if you are a US person, Form W-8BEN if you are an individual who is not (W-8BEN-E for a company), together with your FATCA self-certification. This page explains which form you need, what each part means, and shows worked examples. It is general information, not tax advice: if you are unsure, ask a tax adviser.",
  sections: [
    {
      id: "which",
      heading: "Which form do I need?",
      blocks: [
        "You are a US person for tax purposes if you are a US citizen (including a dual citizen, or someone born in the US who has not formally given up citizenship), a US lawful permanent resident (green card holder), or you meet the IRS substantial presence test for the year. A company or other entity is a US person if it is organised in the US.",
        {
          list: [
            "A US person, individual or entity: Form W-9.",
            "An individual who is not a US person: Form W-8BEN.",
            "A company or other entity that is not a US person: Form W-8BEN-E.",
            "Everyone: a FATCA self-certification, which your form may already cover (see below).",
          ],
        },
        "Upload the signed form as the tax form of your investor certification (Authentication, investor identity). Do not send it to the IRS: it is given to us, not filed.",
      ],
    },
    {
      id: "w8ben",
      heading: "Form W-8BEN: individuals who are not US persons",
      blocks: [
        "The form certifies that you are not a US person and that you own the income paid to you. It also lets you claim a lower rate of US withholding tax under a tax treaty between the US and your country of residence. Without it, US-source income such as US dividends is generally withheld at 30%.",
        { subheading: "Part I: identification of the beneficial owner" },
        {
          list: [
            "Line 1: your name as in your passport. Line 2: your country of citizenship.",
            "Line 3: your permanent residence address, where you live and pay tax; not a post office box or an \"in care of\" address. Line 4: a mailing address, only if it is different.",
            "Line 5: a US taxpayer identification number (SSN or ITIN), only if you have one or a treaty claim needs one.",
            "Line 6a: the taxpayer identification number (TIN) your country of residence gave you. Tick 6b only if that country does not issue TINs.",
            "Line 7: a reference number; you may write your fiscard user ID. Line 8: your date of birth as MM-DD-YYYY.",
          ],
        },
        { subheading: "Part II: claim of tax treaty benefits" },
        {
          list: [
            "Line 9: the country where you are resident under the treaty.",
            "Line 10: only for special rates and conditions (the treaty article, the rate, the type of income and why you qualify). Most people leave it empty.",
          ],
        },
        { subheading: "Part III: certification" },
        "Sign, write the date (MM-DD-YYYY) and print your name. You sign under penalties of perjury, so check every line.",
        "A W-8BEN stays valid until the last day of the third calendar year after the year you sign it: one signed on 10 March 2026 lasts until 31 December 2029. If anything on it stops being true, tell us within 30 days and give us a new form.",
      ],
    },
    {
      id: "w8bene",
      heading: "Form W-8BEN-E: companies that are not US persons",
      blocks: [
        "A company uses the entity version of the form. Besides its name, country of incorporation and addresses, it states its type of entity (line 4) and its FATCA status (line 5), for example an active non-financial foreign entity (active NFFE), a passive NFFE, or a participating financial institution with its Global Intermediary Identification Number (GIIN). A passive NFFE must also name its substantial US owners, or certify that it has none. It is signed by a person authorised to sign for the company.",
      ],
    },
    {
      id: "w9",
      heading: "Form W-9: US persons",
      blocks: [
        "The form gives us your correct US taxpayer identification number and certifies that you are a US person. We need it to report your account to the IRS; without it, reportable payments are subject to backup withholding at 24%.",
        {
          list: [
            "Line 1: your name as on your tax return. Line 2: a business name or disregarded entity name, if you have one.",
            "Line 3a: your federal tax classification; an individual ticks \"Individual/sole proprietor\". Line 3b concerns only partnerships and trusts with foreign partners, owners or beneficiaries.",
            "Line 4: exemption codes; most individuals leave it empty.",
            "Lines 5 and 6: your address. Line 7: account numbers, optional.",
            "Part I: your Social Security number (SSN), or for an entity its employer identification number (EIN).",
            "Part II: sign and date. Cross out item 2 only if the IRS has told you that you are subject to backup withholding and has not since told you that it has ended.",
          ],
        },
        "A W-9 does not expire. Give us a new one when your name, TIN or tax status changes.",
      ],
    },
    {
      id: "fatca",
      heading: "FATCA and your self-certification",
      blocks: [
        "The Foreign Account Tax Compliance Act (FATCA) is a US law. It requires financial institutions outside the US to identify accounts held by US persons, and by entities controlled by US persons, and to report them to the IRS, directly or through their own tax authority under an agreement with the US. Many countries also exchange account information under the OECD Common Reporting Standard (CRS), which asks the same question for every country: where is this customer resident for tax purposes?",
        "A self-certification is your signed answer to that question. It contains:",
        {
          list: [
            "Your name, permanent residence address and, for an individual, date and place of birth.",
            "Every country where you are resident for tax purposes, with your TIN there, or the reason you have none.",
            "Whether you are a US citizen or otherwise a US person for tax purposes.",
            "For an entity: its FATCA and CRS classification, its GIIN if it is a financial institution, and for a passive non-financial entity the people who control it, with their tax residences.",
            "Your promise to tell us within 30 days if any of it changes, your signature and the date.",
          ],
        },
        "Your W-8BEN, W-8BEN-E or W-9 already holds most of this. If it names every country where you are resident for tax purposes, it is your self-certification. If not, sign a short statement listing the other countries and your TINs there, and upload it together with the form.",
        "We compare your self-certification with what else we know about you, such as a US address, a US phone number or a US place of birth. If they do not agree, we ask you to explain or to give further documents.",
      ],
    },
    {
      id: "examples",
      heading: "Worked examples",
      blocks: [
        { subheading: "Carlos, a Spanish citizen living in Madrid" },
        "Carlos has never lived in the US and has no green card, so he is not a US person and fills in Form W-8BEN. Line 1: \"Carlos García López\"; line 2: \"Spain\"; line 3: his home address in Madrid; line 5 stays empty because he has no US number; line 6a: his Spanish tax number (NIF); line 8: his date of birth. In Part II he writes \"Spain\" on line 9 to claim the US–Spain treaty rate and leaves line 10 empty. He signs Part III. Spain is his only tax residence and the form says so, so it is also his self-certification.",
        { subheading: "Emily, a US citizen living in Hong Kong" },
        "Emily has lived in Hong Kong for ten years, but US citizens are US persons wherever they live. She fills in Form W-9 with her SSN in Part I and signs Part II. The W-9 does not show that she is also tax resident in Hong Kong, so she adds a signed statement naming Hong Kong and her Hong Kong identity card number, which is her TIN there. Her account is reported to the IRS.",
        { subheading: "Ana, a Brazilian citizen with a US green card" },
        "Ana holds a Brazilian passport, but as a lawful permanent resident of the US she is a US person for tax purposes, even during the months she spends in Brazil. She gives Form W-9 with her SSN, not a W-8BEN.",
        { subheading: "Harbour Trading Ltd, a Hong Kong trading company" },
        "The company is organised in Hong Kong, so it is not a US person and gives Form W-8BEN-E, not W-8BEN. Most of its income comes from selling goods and less than half of its income and assets is passive (such as interest and dividends), so on line 5 it ticks active NFFE. Its director signs. Had it been an investment holding company living on dividends, it would be a passive NFFE and would also name the people who control it.",
      ],
    },
    {
      id: "official",
      heading: "Official forms and instructions (irs.gov)",
      blocks: [
        "Always use the current revision from the IRS website. The pages below also link to the instructions for each form.",
        {
          links: [
            { label: "About Form W-8BEN (instructions and updates)", href: IRS.w8ben },
            { label: "Form W-8BEN (PDF)", href: IRS.w8benPdf },
            { label: "About Form W-8BEN-E (instructions and updates)", href: IRS.w8bene },
            { label: "Form W-8BEN-E (PDF)", href: IRS.w8benePdf },
            { label: "About Form W-9 (instructions and updates)", href: IRS.w9 },
            { label: "Form W-9 (PDF)", href: IRS.w9Pdf },
            { label: "Foreign Account Tax Compliance Act (FATCA)", href: IRS.fatca },
            { label: "The substantial presence test", href: IRS.substantialPresence },
          ],
        },
      ],
    },
  ],
};

export default taxForms;
