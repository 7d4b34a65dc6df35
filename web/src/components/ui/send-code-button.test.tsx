// @vitest-environment jsdom
/* eslint-disable @typescript-eslint/require-await -- `act(async () => …)` is act's async form on
   purpose, also for a step that awaits nothing: it lets the updates the step causes settle. */
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadDomain } from "@/lib/domain";
import { renderInApp } from "@/testing/render-app";
import { SendCodeButton, type SendOutcome } from "./send-code-button";
import { VerificationForm } from "./verification-form";

afterEach(() => {
  vi.useRealTimers();
});

async function renderButton(onSend: () => Promise<SendOutcome>) {
  await loadDomain();
  // The button reads the domain's constants (React `use`): the render is awaited so it resumes.
  await act(async () => {
    renderInApp(
      <Suspense>
        <SendCodeButton onSend={onSend} />
      </Suspense>,
    );
  });
  return screen.findByRole("button", { name: webEnUS["code.send"] });
}

describe("SendCodeButton", () => {
  it("counts down 59 s after a code is sent, then offers to resend", async () => {
    const onSend = vi.fn(() => Promise.resolve({ ok: true }));
    const button = await renderButton(onSend);
    vi.useFakeTimers();

    await act(async () => button.click());
    expect(onSend).toHaveBeenCalledOnce();
    expect(button).toHaveTextContent("59 s");
    expect(button).toBeDisabled();

    await act(async () => vi.advanceTimersByTime(58_000));
    expect(button).toHaveTextContent("1 s");
    await act(async () => vi.advanceTimersByTime(1000));
    expect(button).toHaveTextContent(webEnUS["code.resend"]);
    expect(button).toBeEnabled();
  });

  it("ends the wait when the minute is over, even when the tab's timers were held back", async () => {
    const button = await renderButton(() => Promise.resolve({ ok: true }));
    vi.useFakeTimers();
    await act(async () => button.click());
    expect(button).toHaveTextContent("59 s");

    // A tab in the background: the clock moves on, but its timers barely run.
    vi.setSystemTime(Date.now() + 58_500);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(button).toHaveTextContent(webEnUS["code.resend"]);
    expect(button).toBeEnabled();
  });

  it("stays ready to send when the server did not send a code", async () => {
    const button = await renderButton(() => Promise.resolve({ ok: false, retryAfter: undefined }));
    await act(async () => button.click());
    expect(button).toHaveTextContent(webEnUS["code.send"]);
    expect(button).toBeEnabled();
  });

  it("counts down from the seconds a refused send (429) says, and says why it waits", async () => {
    const button = await renderButton(() => Promise.resolve({ ok: false, retryAfter: 42 }));
    vi.useFakeTimers();
    await act(async () => button.click());
    expect(button).toHaveTextContent("42 s");
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(webEnUS["code.wait_note"]);

    await act(async () => vi.advanceTimersByTime(42_000));
    expect(button).toHaveTextContent(webEnUS["code.resend"]);
    expect(button).toBeEnabled();
    expect(screen.queryByText(webEnUS["code.wait_note"])).toBeNull();
  });

  it("says a code is on its way while it counts down after a send", async () => {
    const button = await renderButton(() => Promise.resolve({ ok: true }));
    await act(async () => button.click());
    expect(button).toHaveAccessibleDescription(webEnUS["code.sent_note"]);
  });
});

describe("VerificationForm's send button", () => {
  it("sends a code without checking or submitting the form", async () => {
    await loadDomain();
    const onSubmit = vi.fn(() => Promise.resolve(null));
    const onSendCode = vi.fn(() => Promise.resolve({ ok: true }));
    await act(async () => {
      renderInApp(
        <Suspense>
          <VerificationForm
            factors={{ email: true, mfa: false, security: false }}
            submitLabel="Confirm"
            onSendCode={onSendCode}
            onSubmit={onSubmit}
          />
        </Suspense>,
      );
    });
    const user = userEvent.setup();
    const send = await screen.findByRole("button", { name: webEnUS["code.send"] });
    // From the (empty) code field to the button, as a person goes.
    await user.click(screen.getByRole("textbox", { name: /E-mail verification code/ }));
    await user.click(send);
    expect(onSendCode).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole("textbox", { name: /E-mail verification code/ })).not.toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByText(domainEnUS["error.email_code_required"])).toBeNull();
  });
});
