// The question the confirm dialog asks, if any; `askConfirm` works from anywhere (the API
// client's gate prompts), and the dialog's code is fetched when the first question comes.
import { createStore } from "@/lib/store";

interface Question {
  readonly message: string;
  readonly answer: (accepted: boolean) => void;
}

export const question = createStore<Question | null>(null);

/** Asks a yes/no question in the app's confirm dialog; resolves true when accepted. */
export function askConfirm(message: string): Promise<boolean> {
  question.get()?.answer(false);
  return new Promise((resolve) => {
    question.set({
      message,
      answer: (accepted) => {
        question.set(null);
        resolve(accepted);
      },
    });
  });
}
