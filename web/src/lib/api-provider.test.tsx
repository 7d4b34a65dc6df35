// @vitest-environment jsdom
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { createApiClient, type ApiClient, type ApiHandlers } from "./api-client";
import { ApiError, ApiProvider, useApi, useApiClient, useApiList } from "./api-provider";

function envelope(statusCode: number, content: unknown = null, message = `message ${statusCode}`) {
  return Response.json({ statusCode, content, message });
}

const handlers: ApiHandlers = {
  notify: () => undefined,
  verify: () => Promise.resolve(null),
  confirm: () => Promise.resolve(false),
  logout: () => undefined,
  isProtectedPage: () => false,
  back: () => undefined,
  navigate: () => undefined,
  reload: () => undefined,
};

let fetchMock: Mock<typeof fetch>;
let client: ApiClient;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal("fetch", fetchMock);
  client = createApiClient(handlers);
  return () => vi.unstubAllGlobals();
});

// A fresh SWR cache per test, and no retries: each test sees exactly the answers it set up.
function wrapper({ children }: { readonly children: ReactNode }) {
  return (
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <ApiProvider client={client}>{children}</ApiProvider>
    </SWRConfig>
  );
}

describe("useApi", () => {
  it("reads the content at the key's path and query", async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, { action: "login", email: true }));
    const { result } = renderHook(() => useApi(["user/verification/factors", { action: "login" }]), {
      wrapper,
    });
    await waitFor(() => expect(result.current.data).toEqual({ action: "login", email: true }));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/user/verification/factors?action=login");
  });

  it("gives a refusal as an ApiError carrying it", async () => {
    fetchMock.mockResolvedValueOnce(envelope(404, null, "There is no such page"));
    const { result } = renderHook(() => useApi(["user/nothing"]), { wrapper });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
    expect(result.current.error?.message).toBe("There is no such page");
    expect(result.current.error?.refusal.statusCode).toBe(404);
    expect(result.current.data).toBeUndefined();
  });

  it("does not read while the key is null", async () => {
    const { result } = renderHook(() => useApi(null), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(result.current.isLoading).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("useApiList", () => {
  it("reads a page with no network error", async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, { list: ["a", "b"], totalPage: 1, totalCount: 2 }));
    const { result } = renderHook(() => useApiList<string>(["fiscard/list", { pageID: 1 }]), { wrapper });
    await waitFor(() =>
      expect(result.current.data).toEqual({
        list: ["a", "b"],
        totalPage: 1,
        totalCount: 2,
        networkError: false,
      }),
    );
  });

  it("empties the list and flags a network error on statusCode 500", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const { result } = renderHook(() => useApiList(["fiscard/order", { pageID: 1 }]), { wrapper });
    await waitFor(() =>
      expect(result.current.data).toEqual({ list: [], totalPage: 0, totalCount: 0, networkError: true }),
    );
    expect(result.current.error).toBeUndefined();
  });

  it("gives any other refusal as an ApiError", async () => {
    fetchMock.mockResolvedValueOnce(envelope(403));
    const { result } = renderHook(() => useApiList(["fiscard/list"]), { wrapper });
    await waitFor(() => expect(result.current.error?.refusal.statusCode).toBe(403));
  });
});

it("refuses to hand out a client outside <ApiProvider>", () => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  expect(() => renderHook(() => useApiClient())).toThrow("useApiClient() must be used inside <ApiProvider>");
});
