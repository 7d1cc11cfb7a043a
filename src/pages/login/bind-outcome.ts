import { INCOMPLETE_ANSWER_MESSAGE, type LoginStep } from "../../providers/login-outcome";

/**
 * Where a failed bind's message goes (spec §8): a wrong image captcha under the captcha, 421 and
 * everything else at the account field.
 */
export function bindFailureOf(step: Exclude<LoginStep, { kind: "loggedIn" }>): { field: "vCode" | "userName"; message: string } {
  switch (step.kind) {
    case "captchaInvalid":
      return { field: "vCode", message: step.message };
    case "failed":
    case "passwordUpdateDue":
      return { field: "userName", message: step.message };
    case "secondStep":
      // Binding never asks for a second step; an answer like that is not one we understand.
      return { field: "userName", message: INCOMPLETE_ANSWER_MESSAGE };
  }
}
