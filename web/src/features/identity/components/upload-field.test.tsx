// @vitest-environment jsdom
/* eslint-disable @typescript-eslint/require-await -- `act(async () => …)` is act's async form on
   purpose, also for a step that awaits nothing: it lets the updates the step causes settle. */
import domainEnUS from "@domain-locales/en-US.json";
import domainZhHK from "@domain-locales/zh-HK.json";
import webEnUS from "@/locales/en-US.json";
import webZhHK from "@/locales/zh-HK.json";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { createApiClient, type ApiHandlers } from "@/lib/api-client";
import { ApiProvider } from "@/lib/api-provider";
import { REQUEST_TIMEOUT_MS } from "@/lib/api-request";
import { loadDomain } from "@/lib/domain";
import { loadIdentity } from "@/lib/identity-module";
import { formatMessage, setLocale } from "@/lib/locale";
import { readSessionToken, storeSessionToken } from "@/lib/session-token";
import { callsTo, mockApi, type MockAnswer } from "@/testing/mock-api";
import { renderInApp } from "@/testing/render-app";
import { UploadField } from "./upload-field";

// The real wasm domain checks the files; the API is the fake server of src/testing/mock-api.ts.
// Uploads go through XMLHttpRequest (the browser API that reports an upload's progress), which
// jsdom would send over the network: FakeXhr below hands each to the fake server's fetch, and
// lets a test say how much of the body has gone out.

/** One upload request: what it sent, and the test's controls over its progress and answer. */
class FakeXhr {
  static sent: FakeXhr[] = [];

  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = "";
  method = "";
  url = "";
  readonly headers = new Headers();
  body: FormData | null = null;
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }

  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** `loaded` bytes of `total` have gone out. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  /** The body has gone out and the fake server answers. */
  async respond() {
    this.upload.onload?.();
    const response = await fetch(this.url, { method: this.method, headers: this.headers, body: this.body });
    this.status = response.status;
    this.responseText = await response.text();
    this.onload?.();
  }

  /** The file the request carries in its field `file`. */
  file(): File {
    const file = this.body?.get("file");
    if (!(file instanceof File)) throw new Error("no file in the field `file`");
    return file;
  }
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (name: string, size = 100) => new File([new Uint8Array(PNG), new Uint8Array(size - PNG.length)], name, { type: "image/png" });
const pdf = (name: string) => new File(["%PDF-1.7\n1 0 obj\n"], name, { type: "application/pdf" });

/** The file reference the fake server gives `file`. */
function stored(file: File, reference = `ref-${file.name}`): MockAnswer {
  return { content: { reference, name: file.name, kind: file.type === "application/pdf" ? "pdf" : "png", size: file.size } };
}

/** The fake server stores every upload under `ref-<its name>`. */
async function storeEach(): Promise<MockAnswer> {
  return stored(FakeXhr.sent.at(-1)!.file());
}

const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input.toString());

const domainText = (catalogue: Record<string, string>, code: string, params: Record<string, string | number>) =>
  formatMessage(catalogue[`error.${code}`] ?? code, params);

function fakeHandlers() {
  return {
    notify: vi.fn<ApiHandlers["notify"]>(),
    verify: vi.fn<ApiHandlers["verify"]>(() => Promise.resolve(null)),
    confirm: vi.fn<ApiHandlers["confirm"]>(() => Promise.resolve(false)),
    logout: vi.fn<ApiHandlers["logout"]>(),
    isProtectedPage: vi.fn<ApiHandlers["isProtectedPage"]>(() => true),
    back: vi.fn<ApiHandlers["back"]>(),
    navigate: vi.fn<ApiHandlers["navigate"]>(),
    reload: vi.fn<ApiHandlers["reload"]>(),
  } satisfies ApiHandlers;
}

let handlers: ReturnType<typeof fakeHandlers>;
let createUrl: Mock<(blob: Blob) => string>;
let revokeUrl: Mock<(url: string) => void>;

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  handlers = fakeHandlers();
  storeSessionToken("session-1");
  // jsdom has no object URLs.
  let made = 0;
  createUrl = vi.fn((blob: Blob) => `blob:preview-${(made += 1)}-${blob instanceof File ? blob.name : "read"}`);
  revokeUrl = vi.fn();
  URL.createObjectURL = createUrl;
  URL.revokeObjectURL = revokeUrl;
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  await setLocale("en-US");
});

/** A form holding the field's value, as react-hook-form would. */
function Form({ name, initial, onChange }: { name: string; initial: string; onChange: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <UploadField
      name={name}
      label="Documents"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

async function renderField(name: string, initial = "") {
  await Promise.all([loadDomain(), loadIdentity()]);
  const onChange = vi.fn<(value: string) => void>();
  const client = createApiClient(handlers);
  await act(async () => {
    renderInApp(
      <ApiProvider client={client}>
        <Suspense>
          <Form name={name} initial={initial} onChange={onChange} />
        </Suspense>
      </ApiProvider>,
    );
  });
  const input = await screen.findByLabelText<HTMLInputElement>("Documents", { selector: "input" });
  // A person can pick "All files" in the dialog: the accept list is a hint, not a check.
  const user = userEvent.setup({ applyAccept: false });
  return { input, onChange, user, choose: (...files: File[]) => user.upload(input, files) };
}

/** Answers the `index`-th upload once it has been sent. */
async function answerUpload(index: number) {
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(index + 1));
  await act(() => FakeXhr.sent[index]!.respond());
}

describe("UploadField", () => {
  it("refuses a program renamed .png by its first bytes, naming it, and sends nothing", async () => {
    const { fetch } = mockApi({});
    const { choose, onChange } = await renderField("backImg");
    await choose(new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0, 0, 0, 0x04])], "virus.png", { type: "image/png" }));

    expect(await screen.findByText(domainText(domainEnUS, "file_content_mismatch", { name: "virus.png" }))).toBeVisible();
    expect(screen.getByText(webEnUS["upload.refused"])).toBeVisible();
    expect(FakeXhr.sent).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole("list", { name: "Documents" })).toBeNull();
  });

  it("refuses a file over 10 MB before any request", async () => {
    const { fetch } = mockApi({});
    const { choose } = await renderField("backImg");
    await choose(png("scan.png", 10 * 1024 * 1024 + 1));

    expect(await screen.findByText(domainText(domainEnUS, "file_too_large", { name: "scan.png" }))).toBeVisible();
    expect(FakeXhr.sent).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("keeps ten files of a multiple field, names the eleventh, and uploads the ten one after another", async () => {
    mockApi({ "POST user/file": storeEach });
    const { choose, onChange, input } = await renderField("taxFormFile");
    expect(input).toHaveAttribute("multiple");
    expect(input).toHaveAttribute("accept", ".jpg,.jpeg,.png,.pdf");
    expect(screen.getByRole("button", { name: /Documents/ })).toHaveTextContent(webEnUS["upload.choose_many"]);
    const files = Array.from({ length: 11 }, (_, i) => pdf(`form-${i + 1}.pdf`));
    await choose(...files);

    expect(await screen.findByText(domainText(domainEnUS, "file_too_many", { name: "form-11.pdf", max: 10 }))).toBeVisible();
    const list = screen.getByRole("list", { name: "Documents" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);
    expect(within(list).queryByText("form-11.pdf")).toBeNull();

    for (let i = 0; i < 10; i += 1) {
      await waitFor(() => expect(FakeXhr.sent).toHaveLength(i + 1));
      // One at a time: the next goes once this one is answered.
      expect(FakeXhr.sent.filter((xhr) => xhr.status === 0)).toHaveLength(1);
      expect(FakeXhr.sent[i]!.file().name).toBe(`form-${i + 1}.pdf`);
      await answerUpload(i);
    }
    const references = files.slice(0, 10).map((file) => `ref-${file.name}`);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(references.join(",")));
    expect(within(list).getAllByText(webEnUS["upload.uploaded"])).toHaveLength(10);
  });

  it("uploads a file with the session and the language, and gives the form its reference", async () => {
    const { requests } = mockApi({ "POST user/file": storeEach });
    const { choose, onChange } = await renderField("backImg");
    const file = png("passport-back.png");
    await choose(file);
    await answerUpload(0);

    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith("ref-passport-back.png"));
    const [upload] = callsTo(requests, "POST user/file");
    expect(upload?.headers.get("Access-Token")).toBe("session-1");
    expect(upload?.headers.get("User-Lang")).toBe("en-US");
    expect(FakeXhr.sent[0]!.url).toBe("/api/user/file");
    const sent = FakeXhr.sent[0]!.file();
    expect([sent.name, sent.size, new Uint8Array(await sent.arrayBuffer())]).toEqual([
      file.name,
      file.size,
      new Uint8Array(await file.arrayBuffer()),
    ]);
    expect(screen.getByRole("img", { name: formatMessage(webEnUS["upload.preview"], { name: file.name }) })).toHaveAttribute(
      "src",
      createUrl.mock.results[0]?.value,
    );
    expect(screen.getByText(webEnUS["upload.uploaded"])).toBeVisible();
    // The row says it is uploaded: no "Success" toast for each file.
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it("shows how much of the file has gone out", async () => {
    mockApi({ "POST user/file": storeEach });
    const { choose } = await renderField("backImg");
    await choose(png("large.png", 4000));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));

    await act(async () => FakeXhr.sent[0]!.progress(1000, 4000));
    const bar = screen.getByRole("progressbar", { name: formatMessage(webEnUS["upload.progress"], { name: "large.png" }) });
    expect(bar).toHaveAttribute("aria-valuenow", "25");
    expect(screen.getByText("25%")).toBeVisible();

    await act(async () => FakeXhr.sent[0]!.progress(3000, 4000));
    expect(bar).toHaveAttribute("aria-valuenow", "75");
    await answerUpload(0);
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("gives up on an upload once nothing has moved for 6 s, however long the whole takes", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ "POST user/file": storeEach });
    const { choose, onChange } = await renderField("backImg");
    await choose(png("slow.png", 4000));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;

    // Twelve seconds in all, but never six without progress.
    for (const loaded of [1000, 2000, 3000]) {
      await act(async () => vi.advanceTimersByTime(REQUEST_TIMEOUT_MS - 1000));
      await act(async () => xhr.progress(loaded, 4000));
    }
    expect(xhr.aborted).toBe(false);
    await act(async () => vi.advanceTimersByTime(REQUEST_TIMEOUT_MS));
    expect(xhr.aborted).toBe(true);
    const failed = formatMessage(webEnUS["upload.failed"], { name: "slow.png", message: webEnUS["api.network_exception"] });
    expect(screen.getByText(failed)).toBeVisible();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("keeps only the last file of a single field", async () => {
    mockApi({ "POST user/file": storeEach });
    const { choose, onChange, input } = await renderField("backImg");
    expect(input).not.toHaveAttribute("multiple");
    expect(screen.getByRole("button", { name: /Documents/ })).toHaveTextContent(webEnUS["upload.choose"]);
    await choose(png("first.png"));
    await answerUpload(0);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith("ref-first.png"));
    const firstPreview = createUrl.mock.results[0]?.value as string;

    await choose(png("second.png"));
    expect(onChange).toHaveBeenLastCalledWith("");
    expect(screen.queryByText("first.png")).toBeNull();
    // Let go by the effect that follows the form's new value, which may run a moment later.
    await waitFor(() => expect(revokeUrl).toHaveBeenCalledWith(firstPreview));
    await answerUpload(1);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith("ref-second.png"));
    expect(within(screen.getByRole("list", { name: "Documents" })).getAllByRole("listitem")).toHaveLength(1);
  });

  it("removes a kept file, and stops one still uploading", async () => {
    mockApi({ "POST user/file": storeEach });
    const { choose, onChange, user } = await renderField("proofOfAddressImg");
    await choose(png("bill.png"), pdf("statement.pdf"));
    await answerUpload(0);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith("ref-bill.png"));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));

    await user.click(screen.getByRole("button", { name: formatMessage(webEnUS["upload.remove"], { name: "statement.pdf" }) }));
    expect(FakeXhr.sent[1]!.aborted).toBe(true);
    expect(screen.queryByText("statement.pdf")).toBeNull();
    // Stopped on purpose: no "Network Exception", in the field or as a notice.
    expect(screen.queryByText(webEnUS["upload.refused"])).toBeNull();
    expect(handlers.notify).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: formatMessage(webEnUS["upload.remove"], { name: "bill.png" }) }));
    expect(onChange).toHaveBeenLastCalledWith("");
    await waitFor(() => expect(revokeUrl).toHaveBeenCalledWith(createUrl.mock.results[0]?.value));
    expect(screen.queryByRole("list", { name: "Documents" })).toBeNull();
    // Focus goes back to the picker, not to the page's start.
    expect(screen.getByRole("button", { name: /Documents/ })).toHaveFocus();
  });

  it("names the file the server refused, with its reason", async () => {
    const reason = "scan.pdf: PDF files with scripts or automatic actions are not accepted";
    mockApi({
      "POST user/file": () => ({
        statusCode: 102,
        message: reason,
        content: [{ field: "file", code: "file_active_content", params: { name: "scan.pdf" }, message: reason }],
      }),
    });
    const { choose, onChange } = await renderField("taxFormFile");
    await choose(pdf("scan.pdf"));
    await answerUpload(0);

    expect(await screen.findByText(reason)).toBeVisible();
    expect(screen.queryByRole("list", { name: "Documents" })).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it("ends an expired session (101) as every call does", async () => {
    mockApi({ "POST user/file": () => ({ statusCode: 101, message: "Login has expired", messageKey: "api.not_logged_in" }) });
    const { choose } = await renderField("backImg");
    await choose(png("passport.png"));
    await answerUpload(0);

    await waitFor(() => expect(handlers.logout).toHaveBeenCalledOnce());
    expect(readSessionToken()).toBeNull();
    expect(handlers.notify).toHaveBeenCalledWith({
      type: "error",
      title: "Login has expired",
      text: { kind: "server", key: "api.not_logged_in", text: "Login has expired", locale: "en-US" },
    });
    expect(handlers.back).toHaveBeenCalledOnce();
    expect(screen.getByText(formatMessage(webEnUS["upload.failed"], { name: "passport.png", message: "Login has expired" }))).toBeVisible();
  });

  it("shows a saved draft's files as uploaded, reading images back for their preview", async () => {
    const { requests } = mockApi({});
    const apiFetch = globalThis.fetch;
    const reads = vi.fn<typeof fetch>((input, init) =>
      urlOf(input).startsWith("/api/user/file/")
        ? Promise.resolve(new Response(new Uint8Array(PNG), { headers: { "Content-Type": "image/png" } }))
        : apiFetch(input, init),
    );
    vi.stubGlobal("fetch", reads);
    const { onChange, user } = await renderField("taxFormFile", "a1.png,b2.pdf");

    const list = screen.getByRole("list", { name: "Documents" });
    expect(within(list).getByText("a1.png")).toBeVisible();
    expect(within(list).getByText("b2.pdf")).toBeVisible();
    expect(within(list).getAllByText(webEnUS["upload.uploaded"])).toHaveLength(2);
    await waitFor(() =>
      expect(screen.getByRole("img", { name: formatMessage(webEnUS["upload.preview"], { name: "a1.png" }) })).toHaveAttribute(
        "src",
        createUrl.mock.results[0]?.value,
      ),
    );
    // Only the image is read, with the session; a PDF shows its icon.
    expect(reads.mock.calls.map(([input]) => urlOf(input))).toEqual(["/api/user/file/a1.png"]);
    expect(new Headers(reads.mock.calls[0]?.[1]?.headers).get("Access-Token")).toBe("session-1");
    expect(requests).toEqual([]);

    await user.click(screen.getByRole("button", { name: formatMessage(webEnUS["upload.remove"], { name: "a1.png" }) }));
    expect(onChange).toHaveBeenLastCalledWith("b2.pdf");
    await waitFor(() => expect(revokeUrl).toHaveBeenCalledWith(createUrl.mock.results[0]?.value));
  });

  it("ends an expired session (101) when a draft's image is read back", async () => {
    const { requests } = mockApi({ "GET user/file/a1.png": () => ({ statusCode: 101, message: "Login has expired" }) });
    await renderField("backImg", "a1.png");

    await waitFor(() => expect(handlers.logout).toHaveBeenCalledOnce());
    expect(callsTo(requests, "GET user/file/a1.png")[0]?.headers.get("Access-Token")).toBe("session-1");
    expect(readSessionToken()).toBeNull();
    // The file stays in the form, shown by its icon.
    expect(screen.getByText("a1.png")).toBeVisible();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("speaks the user's language: zh-HK", async () => {
    const { requests } = mockApi({ "POST user/file": storeEach });
    await setLocale("zh-HK");
    const { choose } = await renderField("taxFormFile");
    expect(screen.getByRole("button", { name: /Documents/ })).toHaveTextContent(webZhHK["upload.choose_many"]);

    await choose(new File(["GIF89a"], "photo.gif", { type: "image/gif" }), png("big.png", 10 * 1024 * 1024 + 1));
    expect(await screen.findByText(domainText(domainZhHK, "file_type_unsupported", { name: "photo.gif" }))).toBeVisible();
    expect(screen.getByText(domainText(domainZhHK, "file_too_large", { name: "big.png" }))).toBeVisible();
    expect(screen.getByText(webZhHK["upload.refused"])).toBeVisible();

    await choose(pdf("表格.pdf"));
    await answerUpload(0);
    expect(callsTo(requests, "POST user/file")[0]?.headers.get("User-Lang")).toBe("zh-HK");
    expect(await screen.findByText(webZhHK["upload.uploaded"])).toBeVisible();
    expect(screen.getByRole("button", { name: formatMessage(webZhHK["upload.remove"], { name: "表格.pdf" }) })).toBeVisible();
  });
});
