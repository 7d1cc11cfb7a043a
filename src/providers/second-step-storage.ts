import type { SecondStep } from "../schema/account";
import type { StorageLike } from "./session-store";
import { oneOf, readStored, shape, text } from "./stored-shape";

// Checked without zod (stored-shape.ts): the account services reach every page (issue 20).
const secondStep = shape<SecondStep>({ challengeId: text, channel: oneOf(["mobile", "email"]), maskedTarget: text });

/**
 * The pending second step of a login (code 3012) between the login panel and
 * /user/verificationCode. sessionStorage: it belongs to this tab, survives a reload of the
 * verification page, and disappears with the tab. It holds no secret, only where the code goes.
 */
export const SECOND_STEP_STORAGE_KEY = "evidence.loginSecondStep";

export interface SecondStepStorage {
  save(challenge: SecondStep): void;
  read(): SecondStep | null;
  clear(): void;
}

export function createSecondStepStorage(storage: StorageLike): SecondStepStorage {
  return {
    save: (challenge) => storage.setItem(SECOND_STEP_STORAGE_KEY, JSON.stringify(challenge)),
    read() {
      const text = storage.getItem(SECOND_STEP_STORAGE_KEY);
      if (!text) return null;
      try {
        return readStored(secondStep, JSON.parse(text));
      } catch {
        return null;
      }
    },
    clear: () => storage.removeItem(SECOND_STEP_STORAGE_KEY),
  };
}
