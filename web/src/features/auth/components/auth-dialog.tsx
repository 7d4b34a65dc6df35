import { CloseButton, Drawer, Heading, Link, Portal, Stack, Text } from "@chakra-ui/react";
import type { Factors } from "domain-wasm";
import { useState, type MouseEvent } from "react";
import { toaster } from "@/components/ui/toaster-queue";
import { VerificationForm } from "@/components/ui/verification-form";
import { StatusCode } from "@/lib/api-client";
import { useApiClient } from "@/lib/api-provider";
import { useI18n } from "@/lib/i18n";
import { useModalGuard } from "@/lib/modal-guard";
import { useStore } from "@/lib/store";
import { completeLogin, login } from "../api/login";
import { forgetPassword } from "../api/forget-password";
import { register } from "../api/register";
import { sendEmailCode } from "../api/send-email-code";
import { isCaptchaChallenge } from "../api/get-captcha-challenge";
import { solveCaptchaChallenge } from "../captcha/captcha-token";
import { useCaptcha } from "../captcha/use-captcha";
import { authDialog, closeAuthDialog, openAuthDialog, type AuthMode } from "../stores/auth-dialog";
import { AuthSteps, type AuthStep } from "./auth-steps";
import { EmailForm } from "./email-form";
import { LoginForm } from "./login-form";
import { PasswordForm } from "./password-form";

export interface AuthDialogProps {
  /**
   * Called with the new session token (`registered`: of an account just made); resolves once
   * the user's data is loaded.
   */
  readonly onLoggedIn: (token: string, registered: boolean) => Promise<void>;
}

type Flow =
  | { readonly step: "form" }
  | {
      readonly step: "verify";
      readonly email: string;
      readonly factors: Factors;
      readonly accountId?: string;
      /** Why the code was sent back to this step (shown in the form, beside the code). */
      readonly error?: string;
    }
  | { readonly step: "password"; readonly email: string; readonly emailCaptcha: string };

const EMAIL_ONLY: Factors = { email: true, mfa: false, security: false };

/** Login, register and recover in one bottom dialog, each as Form → Verify → Password (SPEC §4). */
export function AuthDialog({ onLoggedIn }: AuthDialogProps) {
  const { t } = useI18n();
  const state = useStore(authDialog);
  useModalGuard(state !== null, closeAuthDialog);
  return (
    <Drawer.Root
      open={state !== null}
      placement="bottom"
      onOpenChange={({ open }) => {
        if (!open) closeAuthDialog();
      }}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content roundedTop="l3" maxWidth="lg" marginX="auto">
            {state && (
              <AuthFlow
                key={`${state.mode}:${state.email ?? ""}`}
                mode={state.mode}
                email={state.email ?? ""}
                onLoggedIn={onLoggedIn}
              />
            )}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t("app.close")} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function AuthFlow({
  mode,
  email: initialEmail,
  onLoggedIn,
}: {
  readonly mode: AuthMode;
  readonly email: string;
  readonly onLoggedIn: (token: string, registered: boolean) => Promise<void>;
}) {
  const { t } = useI18n();
  const api = useApiClient();
  const captcha = useCaptcha();
  const [flow, setFlow] = useState<Flow>({ step: "form" });

  const finish = async (token: string) => {
    await onLoggedIn(token, mode === "register");
    closeAuthDialog();
  };

  const start = mode === "register" ? register : forgetPassword;
  const purpose: "register" | "forgetPassword" = mode === "register" ? "register" : "forgetPassword";
  const steps: readonly AuthStep[] = mode === "login" ? ["form", "verify"] : ["form", "verify", "password"];

  return (
    <>
      <Drawer.Header>
        <Stack gap="3" width="full">
          <Drawer.Title asChild>
            <Heading as="h2" size="lg">
              {t(`auth.${mode}.title`)}
            </Heading>
          </Drawer.Title>
          <AuthSteps steps={steps} current={flow.step} />
        </Stack>
      </Drawer.Header>
      <Drawer.Body paddingBottom="8">
        {flow.step === "form" && mode === "login" && (
          <LoginForm
            email={initialEmail}
            onSubmit={async (values) => {
              let answer = await login(api, { ...values, token: await captcha.take() });
              if (!answer.ok && answer.statusCode === StatusCode.HarderProofRequired && isCaptchaChallenge(answer.content)) {
                // An account tried from many places: this device proves itself with the harder
                // challenge the server sent (a few seconds of work), then logs in as usual.
                toaster.create({ type: "info", title: answer.message });
                const token = await solveCaptchaChallenge(answer.content);
                if (token !== null) answer = await login(api, { ...values, token });
              }
              if (!answer.ok) return answer;
              if ("token" in answer.content) {
                await finish(answer.content.token);
              } else {
                const { accountId, ...factors } = answer.content;
                setFlow({ step: "verify", email: values.email, factors, accountId });
              }
              return answer;
            }}
          />
        )}
        {flow.step === "form" && mode !== "login" && (
          <EmailForm
            email={initialEmail}
            submitLabel={t("auth.send_code")}
            onSubmit={async ({ email }) => {
              const answer = await start(api, { email, token: await captcha.take() });
              if (answer.ok) setFlow({ step: "verify", email, factors: EMAIL_ONLY });
              return answer;
            }}
          />
        )}
        {flow.step === "verify" && (
          <VerificationForm
            factors={flow.factors}
            codeSent={mode !== "login" && flow.error === undefined}
            {...(flow.error !== undefined && { error: flow.error })}
            submitLabel={t(mode === "login" ? "auth.login.submit" : "auth.next")}
            onSendCode={async () => {
              const body = flow.accountId
                ? { accountId: flow.accountId }
                : { email: flow.email, token: await captcha.take(), purpose };
              return sendEmailCode(api, body);
            }}
            onBack={() => setFlow({ step: "form" })}
            onSubmit={async (codes) => {
              if (mode !== "login") {
                setFlow({ step: "password", email: flow.email, emailCaptcha: codes.emailCaptcha ?? "" });
                return null;
              }
              const answer = await completeLogin(api, { accountId: flow.accountId ?? "", ...codes });
              if (answer.ok && "token" in answer.content) await finish(answer.content.token);
              // A dead ticket (expired, or too many wrong codes) means starting again.
              else if (!answer.ok && answer.statusCode === StatusCode.BadRequest) {
                // The form it came from shows no message of this one: a notice says why.
                toaster.create({ type: "error", title: answer.message });
                setFlow({ step: "form" });
              }
              return answer;
            }}
          />
        )}
        {flow.step === "password" && (
          <PasswordForm
            submitLabel={t(mode === "register" ? "auth.register.submit" : "auth.recover.submit")}
            onBack={() => setFlow({ step: "verify", email: flow.email, factors: EMAIL_ONLY })}
            onSubmit={async (values) => {
              const answer = await start(api, { email: flow.email, emailCaptcha: flow.emailCaptcha, ...values });
              if (!answer.ok) {
                // A wrong or expired code is fixed on the Verify step.
                if (answer.statusCode === StatusCode.VerificationWrong) {
                  setFlow({ step: "verify", email: flow.email, factors: EMAIL_ONLY, error: answer.message });
                }
                return answer;
              }
              // Registration answers a session; recovery nothing (then log in).
              if (answer.content !== null && "token" in answer.content) await finish(answer.content.token);
              else openAuthDialog("login", flow.email);
              return answer;
            }}
          />
        )}
        {flow.step === "form" && <AuthLinks mode={mode} />}
      </Drawer.Body>
    </>
  );
}

function AuthLinks({ mode }: { readonly mode: AuthMode }) {
  const { t } = useI18n();
  const go = (to: AuthMode) => (event: MouseEvent) => {
    event.preventDefault();
    openAuthDialog(to);
  };
  return (
    <Stack direction="row" justify="space-between" marginTop="6" fontSize="sm">
      {mode === "login" ? (
        <>
          <Link href="#" onClick={go("recover")}>
            {t("auth.forgot_password")}
          </Link>
          <Text>
            {t("auth.no_account")}{" "}
            <Link href="#" onClick={go("register")}>
              {t("auth.register.title")}
            </Link>
          </Text>
        </>
      ) : (
        <Text>
          {t("auth.have_account")}{" "}
          <Link href="#" onClick={go("login")}>
            {t("auth.login.title")}
          </Link>
        </Text>
      )}
    </Stack>
  );
}
