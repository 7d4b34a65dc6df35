import { Button, Text } from "@chakra-ui/react";
import { useEffect, useId, useMemo, useState, type FocusEvent } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";

type Phase = "idle" | "sending" | "counting" | "resend";

/** Why the button is counting down: a code was just sent, or the server asked to wait. */
type Wait = "sent" | "refused";

/** What asking the server for a code came to (an `ApiResult` fits). */
export interface SendOutcome {
  readonly ok: boolean;
  /** A refusal with statusCode 429: the seconds the server asks to wait. */
  readonly retryAfter?: number | undefined;
}

export interface SendCodeButtonProps {
  /** Asks the server to mail a code. */
  readonly onSend: () => Promise<SendOutcome>;
  /** A code was sent just before this button showed: it starts counting down. */
  readonly sent?: boolean;
}

/** Marks the button, so the code field beside it knows where its focus went. */
const SEND_BUTTON = "data-send-code";

/**
 * The code field's registration, except that leaving it for the send button does not check it:
 * asking for a code is not a reason to say the code is missing. Leaving it elsewhere does.
 */
export function codeFieldBesideSendButton<N extends string>(field: UseFormRegisterReturn<N>): UseFormRegisterReturn<N> {
  return {
    ...field,
    onBlur: async (event) => {
      const to = (event as Partial<FocusEvent>).relatedTarget;
      if (to instanceof Element && to.hasAttribute(SEND_BUTTON)) return;
      await field.onBlur(event);
    },
  };
}

/** Whole seconds from now until `deadline` (ms since the epoch), at least 0. */
const secondsUntil = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/**
 * The e-mail code button (SPEC §4): idle → sending → a countdown → resend. The countdown is 59 s
 * after a send, or the seconds a refused send (429) says; a line under the button says why it
 * waits. It is never a form's submit button: sending a code does not check the form. The
 * countdown runs to a deadline on the clock, not by counting ticks: a browser slows the timers
 * of a tab in the background, and the wait is over when the time is, whatever the ticks did.
 */
export function SendCodeButton({ onSend, sent = false }: SendCodeButtonProps) {
  const { t } = useI18n();
  const domain = useDomain();
  const noteId = useId();
  const countdown = useMemo(() => domain.constants().captchaCountdownSeconds, [domain]);
  const [phase, setPhase] = useState<Phase>(sent ? "counting" : "idle");
  const [wait, setWait] = useState<Wait | null>(sent ? "sent" : null);
  const [deadline, setDeadline] = useState(() => (sent ? Date.now() + countdown * 1000 : 0));
  const [left, setLeft] = useState(sent ? countdown : 0);

  useEffect(() => {
    if (phase !== "counting") return undefined;
    const tick = () => {
      const seconds = secondsUntil(deadline);
      setLeft(seconds);
      if (seconds === 0) {
        setPhase("resend");
        setWait(null);
      }
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [phase, deadline]);

  const countFrom = (seconds: number, why: Wait) => {
    setDeadline(Date.now() + seconds * 1000);
    setLeft(seconds);
    setWait(why);
    setPhase("counting");
  };

  const send = async () => {
    const previous = phase;
    setPhase("sending");
    const outcome = await onSend();
    if (outcome.ok) countFrom(countdown, "sent");
    else if (outcome.retryAfter !== undefined && outcome.retryAfter > 0) countFrom(outcome.retryAfter, "refused");
    else setPhase(previous);
  };

  const label =
    phase === "counting"
      ? t("code.countdown", { seconds: left })
      : t(phase === "resend" ? "code.resend" : "code.send");
  // Two items of the row it sits in (which wraps): the button, then the line saying why it
  // waits, on a line of its own under the field and the button.
  return (
    <>
      <Button
        type="button"
        variant="outline"
        flexShrink={0}
        minWidth="8rem"
        onClick={() => void send()}
        loading={phase === "sending"}
        disabled={phase === "counting"}
        aria-describedby={wait ? noteId : undefined}
        {...{ [SEND_BUTTON]: "" }}
      >
        {label}
      </Button>
      <Text id={noteId} role="status" fontSize="xs" color="fg.muted" flexBasis="100%">
        {wait === "sent" && t("code.sent_note")}
        {wait === "refused" && t("code.wait_note")}
      </Text>
    </>
  );
}
