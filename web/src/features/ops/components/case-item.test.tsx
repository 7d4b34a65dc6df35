// @vitest-environment jsdom
import webEnUS from "@/locales/en-US.json";
import opsEnUS from "@/locales/ops/en-US.json";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import type { CaseDocument } from "../api/get-case";
import { storeOpsToken } from "../api/ops-token";
import { opsOperator, reviewCase } from "../testing/fixtures";

const en: Record<string, string> = { ...webEnUS, ...opsEnUS };
const text = (key: string) => en[key] ?? key;

const scan = (attempt: string, reference: string, name: string): CaseDocument => ({
  reference,
  name,
  contentType: "image/png",
  size: 4096,
  url: `/api/ops/review/cases/${attempt}/documents/${reference}`,
});
const before = scan("case-0", "ref-previous", "directors-dark.png");
const now = scan("case-1", "ref-new", "directors-clear.png");

/** Each document's bytes (as many as its URL's length: the blob URL tells which was read). */
const bytesOf = (path: string) => new Uint8Array(path.length);
let served: string[];

beforeEach(() => {
  served = [];
  Object.defineProperty(URL, "createObjectURL", { configurable: true, value: (blob: Blob) => `blob:${blob.size}` });
  Object.defineProperty(URL, "revokeObjectURL", { configurable: true, value: () => {} });
  storeOpsToken("ops-token-1");
  const { fetch: api } = mockApi({
    "GET ops/me": () => ({ content: opsOperator() }),
    "GET ops/review/cases/case-1": () => ({
      content: reviewCase({
        attempt: 2,
        items: [
          { field: "companyName", labelKey: "identity.field.companyName", answer: "Carol Trading Ltd", previousAnswer: "Carol Trading Ltd", changed: false, documents: [], previousDocuments: [] },
          { field: "directorFile", labelKey: "identity.field.directorFile", answer: "ref-new", previousAnswer: "ref-previous", changed: true, documents: [now], previousDocuments: [before] },
        ],
      }),
    }),
  });
  // The documents' bytes (not JSON); the rest goes to the mocked API.
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>((input, init) => {
      const path = new URL(input instanceof Request ? input.url : input.toString(), "http://localhost").pathname;
      if (!path.includes("/documents/")) return api(input, init);
      served.push(path);
      return Promise.resolve(new Response(bytesOf(path), { headers: { "Content-Type": "image/png" } }));
    }),
  );
});

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(URL, "createObjectURL");
  Reflect.deleteProperty(URL, "revokeObjectURL");
});

describe("a changed document item", { timeout: 60_000 }, () => {
  it("shows the previous attempt's documents as documents, beside this attempt's", async () => {
    renderApp("/ops/review/case-1");
    const heading = await screen.findByRole("heading", { name: text("identity.field.directorFile") }, { timeout: 10_000 });
    const item = heading.closest("li");
    if (item === null) throw new Error("the item is not a list item");
    expect(within(item).getByText(text("ops.case.changed"))).toBeVisible();

    const old = await within(item).findByRole("img", { name: before.name });
    const fresh = await within(item).findByRole("img", { name: now.name });
    // Each read from its own attempt's document URL.
    expect(old).toHaveAttribute("src", `blob:${before.url.length}`);
    expect(fresh).toHaveAttribute("src", `blob:${now.url.length}`);
    await waitFor(() => expect([...served].sort()).toEqual([before.url, now.url].sort()));
    // Under their headings: the previous attempt's first, then this attempt's.
    const previousLabel = within(item).getByText(text("ops.case.answer_before"));
    const currentLabel = within(item).getByText(text("ops.case.answer_now"));
    expect(previousLabel.parentElement).toContainElement(old);
    expect(previousLabel.parentElement).not.toContainElement(fresh);
    expect(currentLabel.parentElement).toContainElement(fresh);
    expect(within(item).queryByText(before.reference)).toBeNull();
    // Both with their tools.
    expect(within(item).getByRole("group", { name: text("ops.case.image_tools").replace("{name}", before.name) })).toBeVisible();
    expect(within(item).getByRole("group", { name: text("ops.case.image_tools").replace("{name}", now.name) })).toBeVisible();

    // An unchanged item shows its answer alone.
    const unchanged = screen.getByRole("heading", { name: text("identity.field.companyName") }).closest("li");
    expect(unchanged).not.toBeNull();
    expect(within(unchanged!).queryByText(text("ops.case.answer_before"))).toBeNull();
  });
});
