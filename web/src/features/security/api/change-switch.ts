import type { SwitchModule, SwitchTarget } from "domain-wasm";
import type { ApiClient } from "@/lib/api-client";

/** `POST user/config/switch`: one protection of login or trade on (1) or off (0); verified. */
export function changeSwitch(api: ApiClient, module: SwitchModule, target: SwitchTarget, on: boolean) {
  return api.post<null>("user/config/switch", { usage: on ? 1 : 0, module, target });
}
