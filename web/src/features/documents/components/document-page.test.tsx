// @vitest-environment jsdom
import webEnUS from "@/locales/en-US.json";
import webZhHK from "@/locales/zh-HK.json";
import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLocale } from "@/lib/locale";
import { mockApi } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import agreementEn from "../content/agreement.en-US";
import agreementZh from "../content/agreement.zh-HK";
import type { DocumentContent } from "../content/document";
import privacyEn from "../content/privacy.en-US";
import privacyZh from "../content/privacy.zh-HK";
import taxFormsEn from "../content/tax-forms.en-US";
import taxFormsZh from "../content/tax-forms.zh-HK";

const en: Record<string, string> = webEnUS;
const zh: Record<string, string> = webZhHK;

afterEach(async () => {
  await setLocale("en-US");
  localStorage.clear();
  vi.unstubAllGlobals();
});

const documents: [path: string, title: string, english: DocumentContent, chinese: DocumentContent][] = [
  ["/docs/privacy", "docs.privacy.title", privacyEn, privacyZh],
  ["/docs/agreement", "docs.agreement.title", agreementEn, agreementZh],
  ["/docs/tax-forms", "docs.tax_forms.title", taxFormsEn, taxFormsZh],
];

// Route-level journeys: each loads lazy pages, slow on a busy machine.
const JOURNEY = { timeout: 15_000 };

describe.each(documents)("%s", JOURNEY, (path, title, english, chinese) => {
  it("shows the document with a contents list of its sections", async () => {
    mockApi({});
    renderApp(path);
    expect(await screen.findByRole("heading", { level: 1, name: en[title] }, { timeout: 5000 })).toBeVisible();
    expect(await screen.findByText(english.summary, {}, { timeout: 5000 })).toBeVisible();
    const contents = screen.getByRole("navigation", { name: en["docs.contents"] });
    expect(within(contents).getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual(
      english.sections.map((section) => `${path}#${section.id}`),
    );
    for (const section of english.sections) {
      expect(screen.getByRole("region", { name: section.heading })).toHaveAttribute("id", section.id);
    }
  });

  it("has the same sections in both languages, and shows the Chinese one when chosen", async () => {
    expect(chinese.sections.map((section) => section.id)).toEqual(english.sections.map((section) => section.id));
    expect(chinese.updated).toBe(english.updated);
    mockApi({});
    renderApp(path);
    await screen.findByText(english.summary, {}, { timeout: 5000 });
    await act(() => setLocale("zh-HK"));
    expect(await screen.findByRole("heading", { level: 1, name: zh[title] }, { timeout: 5000 })).toBeVisible();
    expect(await screen.findByText(chinese.summary, {}, { timeout: 5000 })).toBeVisible();
  });
});

it("links the official IRS forms, opened in a new tab without the opener or referrer", JOURNEY, async () => {
  mockApi({});
  renderApp("/docs/tax-forms");
  const official = await screen.findByRole("region", { name: "Official forms and instructions (irs.gov)" }, { timeout: 5000 });
  const links = within(official).getAllByRole("link");
  expect(links.map((link) => link.textContent)).toEqual(
    expect.arrayContaining([expect.stringContaining("Form W-8BEN (PDF)"), expect.stringContaining("Form W-9 (PDF)")]),
  );
  for (const link of links) {
    expect(link.getAttribute("href")).toMatch(/^https:\/\/www\.irs\.gov\//);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(link).toHaveTextContent(en["docs.new_tab"] ?? "");
  }
  for (const form of ["Which form do I need?", "Form W-8BEN: individuals who are not US persons", "Form W-9: US persons", "FATCA and your self-certification", "Worked examples"]) {
    expect(screen.getByRole("heading", { level: 2, name: form })).toBeVisible();
  }
});

it("reaches every document from the footer of any page", JOURNEY, async () => {
  mockApi({});
  const { user, router } = renderApp("/product/fiscard");
  const footer = await screen.findByRole("navigation", { name: en["footer.documents"] }, { timeout: 5000 });
  expect(screen.getByRole("contentinfo")).toHaveTextContent(`© ${new Date().getFullYear()} fiscard`);
  const links = [
    ["footer.privacy", "/docs/privacy", "docs.privacy.title"],
    ["footer.agreement", "/docs/agreement", "docs.agreement.title"],
    ["footer.tax_forms", "/docs/tax-forms", "docs.tax_forms.title"],
  ] as const;
  for (const [label, path, title] of links) {
    await user.click(within(footer).getByRole("link", { name: en[label] }));
    expect(await screen.findByRole("heading", { level: 1, name: en[title] }, { timeout: 5000 })).toBeVisible();
    expect(router.state.location.pathname).toBe(path);
  }
});
