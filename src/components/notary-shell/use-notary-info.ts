import { useEffect, useState } from "react";
import { useNotaryServices } from "../../providers/notary-context";
import { useNotarySession } from "../../providers/session-context";
import { ResultCode } from "../../schema/envelope";

/**
 * Who is signed in to the console: the stored notary session at once, then the server's answer,
 * asked once when the console loads. That call is also the console's session check: 102/103/3013
 * make the http client clear the notary session and go to the notary login (spec §4).
 */
export function useNotaryInfo() {
  const { client } = useNotaryServices();
  const stored = useNotarySession();
  const [fromServer, setFromServer] = useState<{ name: string; officeName: string } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    client
      .getNotaryInfo()
      .then((envelope) => {
        if (isCurrent && envelope.code === ResultCode.success && envelope.datas) setFromServer(envelope.datas.notaryUser);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [client]);

  return { name: fromServer?.name ?? stored?.name ?? "", officeName: fromServer?.officeName ?? stored?.officeName ?? "" };
}
