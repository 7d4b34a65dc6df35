import type { ApiContent } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

/** `GET user/firstSteps`: the new user's checklist, each step ticked from the user's state. */
export type FirstSteps = ApiContent<"/user/firstSteps", "get">;
export type FirstStepName = FirstSteps["steps"][number]["step"];

export const firstStepsKey: ApiKey = ["user/firstSteps"];

/** The first steps; read again whenever the account area shows another page (`pathname`). */
export const useFirstSteps = () =>
  useApi<FirstSteps>(firstStepsKey, { silent: true }, { revalidateOnMount: true, keepPreviousData: true });
