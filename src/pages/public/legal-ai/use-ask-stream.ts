import { useEffect, useRef, useState } from "react";
import { useEventStreamClient } from "../../../providers/event-stream-context";
import { ResultCode } from "../../../schema/envelope";
import { LEGAL_AI_ENDPOINTS, type Citation, type LegalAiMode, type LegalMessage } from "../../../schema/legal-ai";

/** The answer being written, as its events arrive. */
export interface StreamingAnswer {
  question: string;
  /** The question as saved (the `start` event). */
  savedQuestion: LegalMessage | null;
  mode: LegalAiMode | null;
  text: string;
  citations: Citation[];
  /** The saved answer (the `done` event). */
  savedAnswer: LegalMessage | null;
  state: "streaming" | "done" | "stopped" | "failed";
}

export const STOPPED_NOTE = "已停止：这段回答没有写完，也没有保存。";
const CUT_OFF = "回答中断，请重试";

/**
 * One question to the assistant at a time: sends it, folds the stream's events into the answer
 * being written, and says how it ended. `onSettled` gets the conversation the question went to
 * (known from `start`), so the page can reload what was saved.
 */
export function useAskStream(onSettled: (conversationId: string | null) => void) {
  const client = useEventStreamClient();
  const [answer, setAnswer] = useState<StreamingAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      controller.current?.abort();
      controller.current = null;
    },
    [],
  );

  /** Ends the running question, if any, without reporting on it. */
  function forget() {
    const running = controller.current;
    controller.current = null;
    running?.abort();
  }

  const update = (change: Partial<StreamingAnswer>) => setAnswer((current) => current && { ...current, ...change });

  async function ask(question: string, conversationId?: string): Promise<boolean> {
    forget();
    const running = new AbortController();
    controller.current = running;
    setError(null);
    setAnswer({ question, savedQuestion: null, mode: null, text: "", citations: [], savedAnswer: null, state: "streaming" });
    let startedIn: string | null = null;
    let text = "";
    let failure: string | null = null;
    let saved = false;
    try {
      const outcome = await client.stream(
        LEGAL_AI_ENDPOINTS.ask,
        { question, conversationId },
        (event) => {
          switch (event.type) {
            case "start":
              startedIn = event.conversationId;
              return update({ savedQuestion: event.question, mode: event.mode });
            case "delta":
              text += event.text;
              return update({ text });
            case "citations":
              return update({ citations: event.citations });
            case "done":
              saved = true;
              return update({ savedAnswer: event.answer, text: event.answer.content, citations: event.answer.citations, state: "done" });
            case "error":
              failure = event.message;
              return;
          }
        },
        running.signal,
      );
      if (outcome.code !== ResultCode.success) failure = outcome.message;
      else if (!saved && failure === null) failure = CUT_OFF;
    } catch {
      // Only an abort rejects: the reader pressed 停止, or the question was forgotten (new conversation, page left).
      if (controller.current !== running) return false;
      update({ state: "stopped" });
      onSettled(startedIn);
      return false;
    }
    if (failure !== null) {
      setError(failure);
      update({ state: "failed" });
    }
    onSettled(startedIn);
    return saved;
  }

  return {
    answer,
    error,
    isStreaming: answer?.state === "streaming",
    ask,
    stop: () => controller.current?.abort(),
    /** Forget the last answer (a new or another conversation is opened). */
    reset: () => {
      forget();
      setAnswer(null);
      setError(null);
    },
  };
}
