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

/** The e-mail code button (SPEC §4): idle → sending → a 59 s countdown → resend. */
export function SendCodeButton({ onSend, sent = false }: SendCodeButtonProps) {
  const { t } = useI18n();
  const domain = useDomain();
  const countdown = useMemo(() => domain.constants().captchaCountdownSeconds, [domain]);
  const [phase, setPhase] = useState<Phase>(sent ? "counting" : "idle");
  const [left, setLeft] = useState(sent ? countdown : 0);

  useEffect(() => {
    if (phase !== "counting") return undefined;
    const timer = setInterval(() => {
      setLeft((seconds) => {
        if (seconds <= 1) {
          setPhase("resend");
          return 0;
        }
        return seconds - 1;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [phase]);

  const send = async () => {
    const previous = phase;
    setPhase("sending");
    if (await onSend()) {
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
      onClick={send}
      loading={phase === "sending"}
      disabled={phase === "counting"}
      aria-live="polite"
    >
      {label}
    </Button>
  );
}
