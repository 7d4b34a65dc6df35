import { SetPinForm } from "@/features/security/components/set-pin-form";

/** /my/security/pin (SetPin). */
export function Component() {
  return <SetPinForm />;
}
