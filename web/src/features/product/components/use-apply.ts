import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { askConfirm } from "@/components/ui/confirm-store";
import { paths } from "@/config/paths";
import { useApiClient } from "@/lib/api-provider";
import { gatePages } from "@/lib/gate-prompts";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";
import { applyCard } from "../api/apply-card";
import { missingCheck, type Applicant } from "./applicant";

export interface ApplyOptions {
  readonly loggedIn: boolean;
  /** The logged-in user's data, once loaded. */
  readonly applicant: Applicant | undefined;
  /** Opens the login dialog. */
  readonly onLogin: () => void;
  /** Reads the user's data again (an operator may have approved them since it was loaded). */
  readonly reloadApplicant?: () => Promise<Applicant | undefined>;
}

/**
 * Apply for a card under a BIN (SPEC §6: login, basic identity, mobile). A visitor gets the login
 * dialog; a user missing a check is asked whether to go to the page that lifts it (the domain's
 * gate table decides, its module loaded on the first press). Otherwise the application goes out
 * with an idempotency key made for this press, and the card account shows the new card. A refusal
 * (a card limit, too many attempts, the network down) is `error`, for the form to show by its button.
 */
export function useApply({ loggedIn, applicant, onLogin, reloadApplicant }: ApplyOptions) {
  const { t } = useI18n();
  const api = useApiClient();
  const navigate = useNavigate();
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState<string>();

  const apply = async (bin: string) => {
    if (!loggedIn) {
      onLogin();
      return;
    }
    setApplying(true);
    setError(undefined);
    try {
      let missing = applicant && (await missingCheck(applicant));
      // The data loaded earlier may predate an approval or a binding: ask the server again
      // before sending the user elsewhere.
      if (missing && reloadApplicant) {
        const fresh = await reloadApplicant().catch(() => applicant);
        missing = fresh && (await missingCheck(fresh));
      }
      if (missing) {
        const question = t(missing.domain.labelKey("gate", missing.gate) as MessageKey);
        if (await askConfirm(question)) void navigate(gatePages[missing.gate]);
        return;
      }
      const result = await applyCard(api, bin, crypto.randomUUID());
      if (result.ok) void navigate(paths.accountFiscard);
      else if (result.inForm) setError(result.message);
    } finally {
      setApplying(false);
    }
  };

  return { apply, applying, error };
}
