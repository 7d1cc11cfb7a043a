import { createHash, randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../../src/schema/canonical-json";
import { CERTIFICATE_NO_PATTERN, CertificateNoSchema, generateCertificateNo, normaliseCertificateNo } from "../../../src/schema/certificate-no";
import { affairContent, buildEvidenceEntry, metaCommitment, parseEvidenceEntry } from "../../../src/schema/evidence-entry";
import { fileEvidenceRule } from "../../../src/schema/evidence";
import { Sm3, sm3Hex } from "../../../src/schema/sm3";

const utf8 = (text: string) => new TextEncoder().encode(text);
const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describe("SM3 (GB/T 32905-2016)", () => {
  it.each([
    ["abc", "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0"],
    ["abcd".repeat(16), "debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732"],
  ])("gives the standard's digest of %s", (input, digest) => {
    expect(sm3Hex(utf8(input))).toBe(digest);
  });

  it("agrees with node:crypto's sm3 for any data cut into any chunks", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 700 }), fc.array(fc.integer({ min: 1, max: 130 }), { maxLength: 12 }), (data, cuts) => {
        const hash = new Sm3();
        let offset = 0;
        for (const cut of cuts) {
          hash.update(data.subarray(offset, offset + cut));
          offset += cut;
        }
        hash.update(data.subarray(offset));
        expect(hash.digestHex()).toBe(createHash("sm3").update(data).digest("hex"));
      }),
    );
  });
});

describe("canonical JSON", () => {
  it("sorts keys by code unit, drops undefined, has no spaces", () => {
    expect(canonicalJson({ b: 1, a: [true, null, "x"], c: undefined, A: { z: "中", y: 0.5 } })).toBe('{"A":{"y":0.5,"z":"中"},"a":[true,null,"x"],"b":1}');
  });

  it("refuses values JSON cannot carry", () => {
    expect(() => canonicalJson({ n: Number.NaN })).toThrow();
    expect(() => canonicalJson({ n: 1n })).toThrow();
  });

  it("is stable under key order", () => {
    fc.assert(fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
      const reversed = Object.fromEntries(Object.entries(value).reverse());
      expect(canonicalJson(reversed)).toBe(canonicalJson(value));
      expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
    }));
  });
});

describe("certificate numbers", () => {
  it("are HZ plus 22 Crockford characters and differ every time", () => {
    const numbers = new Set(Array.from({ length: 1000 }, () => generateCertificateNo()));
    expect(numbers.size).toBe(1000);
    for (const no of numbers) expect(no).toMatch(CERTIFICATE_NO_PATTERN);
  });

  it("read as typed: case, spaces, hyphens and look-alike letters", () => {
    const no = generateCertificateNo(() => new Uint8Array(14).fill(0xff));
    expect(no).toBe("HZ" + "Z".repeat(22));
    expect(normaliseCertificateNo("hz-0000 oooo iiii llll 000000")).toBe("HZ0000000011111111000000");
    expect(CertificateNoSchema.safeParse("HZ123").error?.issues[0].message).toBe("证书编号格式不正确");
  });
});

describe("evidence entries", () => {
  const fields = { kind: "file" as const, certificateNo: generateCertificateNo(), sha256: "a".repeat(64), sm3: "b".repeat(64), size: 10, time: 1_700_000_000_000, meta: "c".repeat(64) };

  it("are logged as canonical JSON and parsed back only from that exact text", () => {
    const { text, entry } = buildEvidenceEntry(fields);
    expect(text).toBe(canonicalJson(entry));
    expect(text.startsWith('{"certificateNo":')).toBe(true);
    expect(parseEvidenceEntry(text)).toEqual(entry);
    expect(parseEvidenceEntry(JSON.stringify(entry, null, 1))).toBeNull();
    expect(parseEvidenceEntry(text.replace('"size":10', '"size":10,"extra":1'))).toBeNull();
  });

  it("commit to the private facts with a salt: other facts or another salt give another meta", () => {
    const facts = { salt: randomBytes(32).toString("hex"), holderName: "张三", name: "合同.pdf" };
    const meta = metaCommitment(facts, sha256Hex);
    expect(meta).toBe(sha256Hex(canonicalJson(facts)));
    expect(metaCommitment({ ...facts, name: "合同2.pdf" }, sha256Hex)).not.toBe(meta);
    expect(metaCommitment({ ...facts, salt: "00" }, sha256Hex)).not.toBe(meta);
  });

  it("of an affair digest the children's leaf hashes in order", () => {
    const content = affairContent(["01".repeat(32), "02".repeat(32)]);
    expect(content.length).toBe(64);
    expect(content[0]).toBe(1);
    expect(content[32]).toBe(2);
    expect(() => affairContent(["xyz"])).toThrow();
  });
});

describe("file evidence rule by extension", () => {
  it.each([
    ["a.PDF", 50], ["a.jpg", 50], ["a.mp3", 200], ["a.mp4", 200], ["a.zip", 2], ["noext", 2],
  ])("%s may have up to %i MB", (name, mb) => {
    expect(fileEvidenceRule(name).maxBytes).toBe(mb * 1024 * 1024);
  });
});
