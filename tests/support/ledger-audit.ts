import { openCheckpoint } from "../../isomorphic/ledger/checkpoint.js";
import { hashLeaf } from "../../isomorphic/ledger/hashing.js";
import { checkInclusionProof, generateInclusionProof } from "../../isomorphic/ledger/inclusion.js";
import { parseVerifierKey } from "../../isomorphic/ledger/note-keys.js";
import { splitEntryBundle } from "../../server/ledger/entry-bundle.js";
import { nodeLedgerCrypto, sha256 } from "../../server/ledger/node-crypto.js";
import { createTileHashReader } from "../../server/ledger/tile-hashes.js";
import { entryBundleForIndex, entryBundlePath, tilePath } from "../../server/ledger/tiles.js";

/** What an auditor established of one entry: its bytes, and whether it is proven under the checkpoint. */
export type AuditedEntry = { entry: Uint8Array; proven: boolean };

/**
 * An independent audit of the public log as any C2SP tlog-tiles client does it: the checkpoint at
 * `<base>/ledger/checkpoint` opened with the verifier key the caller trusts (signature checked), then
 * each entry read from its entry bundle and proven included under that checkpoint's root with hash
 * tiles only. Nothing of the platform's own proof answers is trusted.
 */
export async function auditLedger(baseUrl: string, verifierKey: string) {
  const get = async (resource: string) => {
    const response = await fetch(`${baseUrl}/ledger/${resource}`);
    if (response.status !== 200) throw new Error(`GET /ledger/${resource}: ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  };
  const note = new TextDecoder().decode(await get("checkpoint"));
  const opened = openCheckpoint(note, [parseVerifierKey(verifierKey, nodeLedgerCrypto)]);
  if (!opened.ok) throw new Error(`the checkpoint does not open with the trusted key: ${opened.detail}`);
  const { size, rootHash } = opened.checkpoint;
  const reader = createTileHashReader(size, (tile) => get(tilePath(tile)));
  const bundles = new Map<string, Promise<Uint8Array[]>>();

  return {
    size,
    rootHash,
    reader,
    /** Entry `index` and whether its inclusion under the checkpoint checks out. */
    async entry(index: number): Promise<AuditedEntry> {
      if (index >= size) return { entry: new Uint8Array(), proven: false };
      const bundle = entryBundleForIndex(index, size);
      const bundlePath = entryBundlePath(bundle);
      if (!bundles.has(bundlePath)) bundles.set(bundlePath, get(bundlePath).then((bytes) => splitEntryBundle(bytes, bundle.width)));
      const entry = (await bundles.get(bundlePath)!)[index % 256];
      const proof = await generateInclusionProof(index, size, reader, sha256);
      const checked = checkInclusionProof({ leafHash: hashLeaf(entry, sha256), index, treeSize: size, proof, rootHash }, sha256);
      return { entry, proven: checked.ok };
    },
  };
}
