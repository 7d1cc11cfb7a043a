import SHA256 from "crypto-js/sha256";
import Hex from "crypto-js/enc-hex";
import type { Sha256Hex } from "../schema/signature";

/**
 * SHA-256 for the request signature in the browser. crypto-js rather than WebCrypto because
 * `crypto.subtle.digest` is asynchronous and unavailable on plain-HTTP origins, while signing
 * happens synchronously for every request. crypto-js parses JS strings as UTF-8, as the contract asks.
 */
export const sha256Hex: Sha256Hex = (utf8Text) => SHA256(utf8Text).toString(Hex);
