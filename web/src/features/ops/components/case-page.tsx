import { Alert, Badge, Box, Button, Heading, HStack, Link, List, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { useSWRConfig } from "swr";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useI18n } from "@/lib/i18n";
import { formatDateTime, type MessageKey } from "@/lib/locale";
import { claimCase, releaseCase } from "../api/claim-case";
import { caseKey, useCase, type ReviewCase } from "../api/get-case";
import { useMe, type OpsOperator } from "../api/get-me";
import { useOpsClient } from "../api/ops-provider";
import { opsPaths } from "../paths";
import { CaseItemView } from "./case-item";
import { DecisionForm } from "./decision-form";
import { stageLabel, verificationLabel } from "./labels";
import { ScreeningPanel } from "./screening-panel";
import { useOpsTitle } from "./use-ops-title";

/** /ops/review/:caseId: a case, its claim, and (claimed) its decision per item. */
export function CasePage({ caseId }: { readonly caseId: string }) {
  const { t } = useI18n();
  useOpsTitle("ops.case.title");
  const { data: review, error, mutate } = useCase(caseId);
  const { data: me } = useMe(true);
  if (error) return <LoadFailed onRetry={() => void mutate()} title={error.refusal.statusCode === 404 ? "ops.case.not_found" : "app.load_failed"} />;
  if (!review || !me) return <PageSpinner />;
  const claimedByMe = review.claim?.operatorId === me.id && review.claim.expiresAt > Date.now();
  const open = review.status === "in_review";
  return (
    <Stack gap="6">
      <Box>
        <Link asChild fontSize="sm" colorPalette="blue">
          <RouterLink to={opsPaths.queue}>{t("ops.case.back")}</RouterLink>
        </Link>
      </Box>
      <CaseHeader review={review} />
      <ClaimBar review={review} me={me} claimedByMe={claimedByMe} />
      <History review={review} />
      <ScreeningPanel screening={review.screening} />
      <Stack as="section" aria-labelledby="ops-items" gap="3">
        <Heading as="h2" size="md" id="ops-items">
          {t("ops.case.items")}
        </Heading>
        {open && claimedByMe ? (
          <DecisionForm key={`${review.stage}-${review.attempt}`} review={review} />
        ) : (
          <Stack as="ol" gap="4" padding="0">
            {review.items.map((item, index) => (
              <CaseItemView key={item.field} item={item} id={`ops-item-${index}`} />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

function CaseHeader({ review }: { readonly review: ReviewCase }) {
  const { t, locale } = useI18n();
  return (
    <Stack gap="2">
      <Heading as="h1" size="xl">
        {verificationLabel(t, review.verification, review.investorType)} #{review.attempt}
      </Heading>
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={review.status === "approved" ? "green" : review.status === "rejected" ? "red" : "blue"}>
          {t(`ops.status.${review.status}` as MessageKey)}
        </Badge>
        {review.status === "in_review" && <Badge colorPalette="teal">{stageLabel(t, review.stage)}</Badge>}
        <Text fontSize="sm" wordBreak="break-all">
          {review.user.email}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t("ops.case.submitted_at", { time: formatDateTime(review.submittedAt, locale) })}
        </Text>
      </HStack>
    </Stack>
  );
}

/** Who holds the case, and Claim / Release. */
function ClaimBar({ review, me, claimedByMe }: { readonly review: ReviewCase; readonly me: OpsOperator; readonly claimedByMe: boolean }) {
  const { t, locale } = useI18n();
  const api = useOpsClient();
  const { mutate } = useSWRConfig();
  if (review.status !== "in_review") return null;
  const reload = () => mutate(caseKey(review.caseId));
  const claim = async () => {
    if ((await claimCase(api, review.caseId)).ok) await reload();
  };
  const release = async () => {
    if ((await releaseCase(api, review.caseId)).ok) await reload();
  };
  const heldByOther = review.claim && !claimedByMe && review.claim.expiresAt > Date.now() ? review.claim : null;
  return (
    <Alert.Root status={claimedByMe ? "success" : heldByOther ? "warning" : "info"}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          {claimedByMe && review.claim
            ? t("ops.case.claimed_by_you", { time: formatDateTime(review.claim.expiresAt, locale) })
            : heldByOther
              ? t("ops.case.claimed_by", { operator: heldByOther.operator, time: formatDateTime(heldByOther.expiresAt, locale) })
              : t("ops.case.unclaimed")}
        </Alert.Description>
      </Alert.Content>
      {claimedByMe ? (
        <Button size="sm" variant="outline" onClick={() => void release()}>
          {t("ops.case.release")}
        </Button>
      ) : (
        <Button size="sm" colorPalette="blue" onClick={() => void claim()} disabled={heldByOther !== null}>
          {review.claim?.operatorId === me.id ? t("ops.case.claim_again") : t("ops.case.claim")}
        </Button>
      )}
    </Alert.Root>
  );
}

/** The previous attempt's rejection, and the first reviewer's decision (second approval). */
function History({ review }: { readonly review: ReviewCase }) {
  const { t, locale } = useI18n();
  const { previous, firstDecision } = review;
  if (!previous && !firstDecision) return null;
  return (
    <Stack gap="3">
      {previous && (
        <Box as="section" aria-labelledby="ops-previous" borderWidth="1px" rounded="md" padding="3">
          <Heading as="h2" size="sm" id="ops-previous">
            {t("ops.case.previous", { attempt: previous.attempt })}
            {previous.decidedAt != null && ` · ${formatDateTime(previous.decidedAt, locale)}`}
          </Heading>
          <List.Root paddingStart="5" marginTop="2">
            {previous.items.map((item, index) => (
              <List.Item key={`${item.field}-${index}`}>
                {item.field ? t(`identity.field.${item.field}` as MessageKey) : t("ops.case.whole_case")}: {t(`rejection_reason.${item.reason}` as MessageKey)} — {item.message}
              </List.Item>
            ))}
          </List.Root>
        </Box>
      )}
      {firstDecision && (
        <Box as="section" aria-labelledby="ops-first" borderWidth="1px" rounded="md" padding="3">
          <Heading as="h2" size="sm" id="ops-first">
            {t("ops.case.first_decision", { operator: firstDecision.operator, time: formatDateTime(firstDecision.decidedAt, locale) })}
          </Heading>
          <List.Root paddingStart="5" marginTop="2">
            {firstDecision.items.filter((item) => item.note).map((item) => (
              <List.Item key={item.field}>
                {t(`identity.field.${item.field}` as MessageKey)}: {item.note}
              </List.Item>
            ))}
          </List.Root>
        </Box>
      )}
    </Stack>
  );
}
