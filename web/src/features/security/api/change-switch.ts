import type { SwitchModule, SwitchTarget } from "domain-wasm";
import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent } from "@/lib/api-schema";

/** `POST user/config/switch`: one protection of login or trade on (1) or off (0); verified. */
export function changeSwitch(api: ApiClient, module: SwitchModule, target: SwitchTarget, on: boolean) {
  const body: ApiBody<"/user/config/switch", "post"> = { usage: on ? 1 : 0, module, target };
  return api.post<ApiContent<"/user/config/switch", "post">>("user/config/switch", body);
}
