import { webcrypto } from "node:crypto";
import * as pkijs from "pkijs";

/** pkijs signs and hashes through Node's WebCrypto; set once for the process, imported for that effect. */
pkijs.setEngine("node", new pkijs.CryptoEngine({ name: "node", crypto: webcrypto as unknown as Crypto }));
