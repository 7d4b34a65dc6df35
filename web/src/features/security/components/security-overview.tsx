import { Box, Button, Card, Heading, HStack, Skeleton, Stack, Switch, Text } from "@chakra-ui/react";
import type { SwitchModule, SwitchTarget } from "domain-wasm";
import { useId, useState, type ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { toaster } from "@/components/ui/toaster-queue";
import { catalogueText } from "@/lib/live-text";
import { paths } from "@/config/paths";
import { useApiClient } from "@/lib/api-provider";
import { loadDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import { useMaskedEmail } from "@/lib/use-masked-email";
import { changeSwitch } from "../api/change-switch";
import { useSecurityConfig, type SecurityConfig } from "../api/get-security-config";
import { toDomainConfig } from "./domain-config";
import { LoadFailed } from "@/components/ui/load-failed";

export interface SecurityOverviewProps {
  /** The user's e-mail and mobile (from `user/self`, which the app shell holds). */
  readonly email: string | undefined;
  readonly mobile: string | null | undefined;
}

/**
 * The security center (SPEC §2): each protection, its state, and the login/trade switches. It
 * shows at once, without waiting for the wasm module or the user's data: the e-mail (masked by
 * the domain) and each state fill in as they arrive.
 */
export function SecurityOverview({ email, mobile }: SecurityOverviewProps) {
  const { t } = useI18n();
  const maskedEmail = useMaskedEmail(email);
  const { data: config, error, mutate } = useSecurityConfig();

  if (error) return <LoadFailed onRetry={() => void mutate()} />;
  const bound = config?.mfa.length ?? 0;
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t("security.title")}
      </Heading>
      <Card.Root>
        <Card.Body>
          {/* A list of the protections (no separator elements: a list holds only its items). */}
          <Stack as="ul" gap="4" listStyleType="none" css={{ "& > li + li": { borderTopWidth: "1px", paddingTop: "4" } }}>
            <Item title={t("security.email")} detail={maskedEmail ?? "…"} />
            <Item
              title={t("security.login_password")}
              detail={t("security.login_password_detail")}
              action={<LinkButton to={paths.securityPassword} label={t("security.change")} />}
            />
            <Item
              title={t("security.authenticator")}
              detail={bound > 0 ? t("security.authenticator_bound", { count: bound }) : t("security.not_set")}
              action={<LinkButton to={paths.securityAuthenticators} label={t("security.manage")} />}
            />
            <Item
              title={t("security.pin")}
              detail={config?.security ? t("security.set") : t("security.not_set")}
              action={
                <LinkButton to={paths.securityPin} label={t(config?.security ? "security.change" : "security.set_up")} />
              }
            />
            <Item
              id="mobile"
              title={t("security.mobile")}
              detail={mobile ?? t("security.not_bound")}
              action={
                <LinkButton to={paths.securityMobile} label={t(mobile ? "security.change" : "security.bind")} />
              }
            />
          </Stack>
        </Card.Body>
      </Card.Root>
      <Switches config={config} onChanged={() => void mutate()} />
      <HStack gap="3" wrap="wrap">
        <LinkButton to={paths.securitySessions} label={t("security.sessions.title")} />
        <LinkButton to={paths.securityHistory} label={t("security.history.title")} />
      </HStack>
    </Stack>
  );
}

function Item({
  id,
  title,
  detail,
  action,
}: {
  readonly id?: string;
  readonly title: string;
  readonly detail: string;
  readonly action?: ReactNode;
}) {
  return (
    <HStack as="li" id={id} justify="space-between" gap="4" scrollMarginTop="24">
      <Box>
        <Text fontWeight="semibold">{title}</Text>
        <Text color="fg.muted" fontSize="sm">
          {detail}
        </Text>
      </Box>
      {action}
    </HStack>
  );
}

function LinkButton({ to, label }: { readonly to: string; readonly label: string }) {
  return (
    <Button asChild size="sm" variant="outline">
      <RouterLink to={to}>{label}</RouterLink>
    </Button>
  );
}

const SWITCHES: readonly (readonly [SwitchModule, readonly SwitchTarget[]])[] = [
  ["login", ["email", "mfa"]],
  ["trade", ["email", "mfa", "security"]],
];

function isOn(config: SecurityConfig, module: SwitchModule, target: SwitchTarget): boolean {
  if (module === "trade") return config.trade[target];
  return target !== "security" && config.login[target];
}

/**
 * The login and trade protections; each change is checked by the domain, then verified. Until
 * the configuration has loaded, each switch is a placeholder (never a switch shown off).
 */
function Switches({ config, onChanged }: { readonly config: SecurityConfig | undefined; readonly onChanged: () => void }) {
  const { t } = useI18n();
  const api = useApiClient();
  const [busy, setBusy] = useState<string | null>(null);
  const headingId = useId();

  const change = async (module: SwitchModule, target: SwitchTarget, on: boolean) => {
    if (!config) return;
    const domain = await loadDomain().catch(() => undefined);
    if (!domain) {
      toaster.create({ type: "error", title: catalogueText("api.network_exception") });
      return;
    }
    const refused = domain.checkSwitch(toDomainConfig(config), module, target, on);
    if (refused) {
      toaster.create({ type: "error", title: catalogueText(`error.${refused}`) });
      return;
    }
    setBusy(`${module}.${target}`);
    const answer = await changeSwitch(api, module, target, on);
    setBusy(null);
    if (answer.ok) onChanged();
  };

  return (
    <Stack gap="4">
      {SWITCHES.map(([module, targets]) => (
        // Each card is a group named by its heading: both hold an "E-mail code" switch.
        <Card.Root key={module} role="group" aria-labelledby={`${headingId}-${module}`}>
          <Card.Header>
            <Heading as="h2" size="md" id={`${headingId}-${module}`}>
              {t(`security.switches.${module}`)}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {t(`security.switches.${module}_help`)}
            </Text>
          </Card.Header>
          <Card.Body>
            <Stack gap="3">
              {targets.map((target) =>
                config === undefined ? (
                  <HStack key={target} justify="space-between">
                    <Text>{t(`security.switches.target.${target}`)}</Text>
                    <Skeleton height="5" width="9" borderRadius="full" />
                  </HStack>
                ) : (
                  <Switch.Root
                    colorPalette="teal"
                    key={target}
                    checked={isOn(config, module, target)}
                    disabled={busy !== null}
                    onCheckedChange={({ checked }) => void change(module, target, checked)}
                    justifyContent="space-between"
                    width="full"
                  >
                    <Switch.Label>{t(`security.switches.target.${target}`)}</Switch.Label>
                    <Switch.HiddenInput />
                    <Switch.Control />
                  </Switch.Root>
                ),
              )}
            </Stack>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
