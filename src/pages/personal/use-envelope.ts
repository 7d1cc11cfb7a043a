import { useCallback, useEffect, useRef, useState } from "react";
import { ResultCode, type Envelope } from "../../schema/envelope";

export interface EnvelopeState<T> {
  data: T | null;
  /** The server's message when the call did not succeed. */
  message: string | null;
  isLoading: boolean;
}

/**
 * Loads one envelope when the page opens; `reload` asks again and `setData` takes a fresher answer
 * (what a submission returned) without another call.
 */
export function useEnvelope<T>(load: () => Promise<Envelope<T | null>>) {
  const loadRef = useRef(load);
  loadRef.current = load;
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<EnvelopeState<T>>({ data: null, message: null, isLoading: true });

  useEffect(() => {
    let isCurrent = true;
    setState((previous) => ({ ...previous, isLoading: true }));
    loadRef.current().then((envelope) => {
      if (!isCurrent) return;
      const isSuccess = envelope.code === ResultCode.success;
      setState({ data: isSuccess ? envelope.datas : null, message: isSuccess ? null : envelope.message, isLoading: false });
    });
    return () => {
      isCurrent = false;
    };
  }, [version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const setData = useCallback((data: T) => setState({ data, message: null, isLoading: false }), []);
  return { ...state, reload, setData };
}
