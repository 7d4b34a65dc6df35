import { Button } from "@chakra-ui/react";
import { useEffect, useMemo, useState } from "react";
import { useDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";

type Phase = "idle" | "sending" | "counting" | "resend";

export interface SendCodeButtonProps {
  /** Asks the server to mail a code; resolves true when it was sent. */
  readonly onSend: () => Promise<boolean>;
  /** A code was sent just before this button showed: it starts counting down. */
  readonly sent?: boolean;
}

/** Whole seconds from now until `deadline` (ms since the epoch), at least 0. */
const secondsUntil = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/**
 * The e-mail code button (SPEC §4): idle → sending → a 59 s countdown → resend. The countdown
 * runs to a deadline on the clock, not by counting ticks: a browser slows the timers of a tab
 * in the background, and the wait is over when the minute is, whatever the ticks did.
 */
export function SendCodeButton({ onSend, sent = false }: SendCodeButtonProps) {
  const { t } = useI18n();
  const domain = useDomain();
  const countdown = useMemo(() => domain.constants().captchaCountdownSeconds, [domain]);
  const [phase, setPhase] = useState<Phase>(sent ? "counting" : "idle");
  const [deadline, setDeadline] = useState(() => (sent ? Date.now() + countdown * 1000 : 0));
  const [left, setLeft] = useState(sent ? countdown : 0);

  useEffect(() => {
    if (phase !== "counting") return undefined;
    const tick = () => {
      const seconds = secondsUntil(deadline);
      setLeft(seconds);
      if (seconds === 0) setPhase("resend");
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [phase, deadline]);

  const send = async () => {
    const previous = phase;
    setPhase("sending");
    if (await onSend()) {
      setDeadline(Date.now() + countdown * 1000);
      setLeft(countdown);
      setPhase("counting");
    } else {
      setPhase(previous);
    }
  };

  const label =
    phase === "counting"
      ? t("code.countdown", { seconds: left })
      : t(phase === "resend" ? "code.resend" : "code.send");
  return (
    <Button
      variant="outline"
      flexShrink={0}
      minWidth="8rem"
      onClick={() => void send()}
      loading={phase === "sending"}
      disabled={phase === "counting"}
      aria-live="polite"
    >
      {label}
    </Button>
  );
}
