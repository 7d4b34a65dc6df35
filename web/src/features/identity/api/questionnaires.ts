import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

// A step's save shows nothing of its own (the dialog moves on or shows the refusal); a commit is
// a form's submission: its refusal shows in the dialog, its success as the client's notice
// (which follows the interface language).
const FORM = { inline: true } as const;

/** The two questionnaires (SPEC §3): AML (`investor/aml`) and qualified investor (`investor/qualify`). */
export type QuestionnaireName = "aml" | "qualify";

/** `GET investor/aml` or `investor/qualify`: its state and the last answers given. */
export type QuestionnaireState = ApiContent<"/investor/aml", "get">;

export type AmlAnswers = ApiBody<"/investor/aml", "post">;
export type QiAnswers = ApiBody<"/investor/qualify", "post">;

export const questionnaireKey = (name: QuestionnaireName): ApiKey => [`investor/${name}`];

export const useQuestionnaire = (name: QuestionnaireName) =>
  useApi<QuestionnaireState>(questionnaireKey(name), undefined, { revalidateOnFocus: false });

/** `POST investor/aml` or `investor/qualify`: the answers, checked whole, go to review. */
export function answerQuestionnaire(api: ApiClient, name: QuestionnaireName, body: AmlAnswers | QiAnswers) {
  return api.post<ApiContent<"/investor/aml", "post">>(`investor/${name}`, body, FORM);
}
